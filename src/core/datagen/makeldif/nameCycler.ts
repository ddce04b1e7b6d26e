// first.names x last.names without a repeated pair, as OpenDJ's MakeLDIF walks them.

/** Walks first.names and last.names so that no (first, last) pair repeats, exactly as OpenDJ's MakeLDIF does. */
export class NameCycler {
  first = '';
  last = '';
  private readonly firsts: readonly string[];
  private readonly lasts: readonly string[];
  private firstIndex = 0;
  private lastIndex = 0;
  private loop = 0;
  private uniqueness = 1;

  constructor(firsts: readonly string[], lasts: readonly string[]) {
    this.firsts = firsts;
    this.lasts = lasts;
  }

  /** Moves to the next pair; once every pair has been used, a counter is appended to the last name. */
  next(): void {
    const { firsts, lasts } = this;
    this.first = firsts[this.firstIndex++] as string;
    const last = lasts[this.lastIndex++] as string;
    this.last = this.uniqueness > 1 ? last + String(this.uniqueness) : last;
    if (this.firstIndex >= firsts.length) {
      this.firstIndex = 0;
      if (firsts.length > lasts.length) {
        this.lastIndex = ++this.loop;
        if (this.lastIndex >= lasts.length) {
          this.lastIndex = 0;
          this.uniqueness++;
        }
      }
    }
    if (this.lastIndex >= lasts.length) {
      this.lastIndex = 0;
      if (lasts.length > firsts.length) {
        this.firstIndex = ++this.loop;
        if (this.firstIndex >= firsts.length) {
          this.firstIndex = 0;
          this.uniqueness++;
        }
      }
    }
  }
}
