// first.names x last.names without a repeated pair, as OpenDJ's MakeLDIF walks them.

/** Which list: 0 first names, 1 last names. */
type Side = 0 | 1;

/** Walks first.names and last.names so that no (first, last) pair repeats, exactly as OpenDJ's MakeLDIF does. */
export class NameCycler {
  first = '';
  last = '';
  /** The first and the last names. */
  private readonly lists: readonly [readonly string[], readonly string[]];
  /** The next index into each list. */
  private readonly indexes: [number, number] = [0, 0];
  private loop = 0;
  private uniqueness = 1;

  constructor(firsts: readonly string[], lasts: readonly string[]) {
    this.lists = [firsts, lasts];
  }

  /** Moves to the next pair; once every pair has been used, a counter is appended to the last name. */
  next(): void {
    const [firsts, lasts] = this.lists;
    this.first = firsts[this.indexes[0]++] as string;
    const last = lasts[this.indexes[1]++] as string;
    this.last = this.uniqueness > 1 ? last + String(this.uniqueness) : last;
    this.wrap(0);
    this.wrap(1);
  }

  /**
   * Restarts `side`'s list once it is used up; when it is the longer list, the other one then starts
   * one further along (and once that has gone all the way round, the counter goes up).
   */
  private wrap(side: Side): void {
    const other: Side = side === 0 ? 1 : 0;
    const { lists, indexes } = this;
    if (indexes[side] < lists[side].length) return;
    indexes[side] = 0;
    if (lists[side].length <= lists[other].length) return;
    indexes[other] = ++this.loop;
    if (indexes[other] >= lists[other].length) {
      indexes[other] = 0;
      this.uniqueness++;
    }
  }
}
