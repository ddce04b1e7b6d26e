// The entries a worker's run added (pool and add ops): deletes and renames take from here, cleanup removes the rest.

/** Thrown by a delete or rename that found no entry of the run's own left. */
export class PoolExhaustedError extends Error {
  /** Counted under this name in errorsByCode. */
  readonly code = 'poolExhausted';

  constructor() {
    super(
      "the run's own entries ran out: deletes outpaced adds; give the workload a larger pool (pool.entries)",
    );
    this.name = 'PoolExhaustedError';
  }
}

/** A FIFO of DNs (oldest first), so deletes remove entries in the order they were added. */
export class OwnEntries {
  private items: string[] = [];
  private head = 0;

  /** DNs held now. */
  get size(): number {
    return this.items.length - this.head;
  }

  /** Adds a DN the run created. */
  put(dn: string): void {
    this.items.push(dn);
  }

  /** Removes and returns the oldest DN; throws PoolExhaustedError when there is none. */
  take(): string {
    if (this.head >= this.items.length) throw new PoolExhaustedError();
    const dn = this.items[this.head] as string;
    this.head++;
    // Compacts now and then so a long run does not keep every DN it ever took.
    if (this.head > 4096 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return dn;
  }

  /** Removes and returns every DN held, newest first (children before parents, were any nested). */
  drain(): string[] {
    const rest = this.items.slice(this.head).reverse();
    this.items = [];
    this.head = 0;
    return rest;
  }
}
