// Per-operation expansion state: the seeded random stream, the op's one random existing entry, unique names.
import type { Prng } from '../datagen/prng.ts';
import type { PatternContext } from '../pattern/index.ts';
import { parentDn } from './entryPicker.ts';
import type { EntryPicker } from './entryPicker.ts';

/** Context handed to every pattern of one operation; `begin()` starts the next operation. */
export class OpContext implements PatternContext {
  readonly rng: Prng;
  private readonly picker: EntryPicker | null;
  private readonly uniquePrefix: string;
  private uniqueCount = 0;
  /** This op's picked entry (-1: none picked yet), its DN and its record, each computed when first needed. */
  private index = -1;
  private dn: string | null = null;
  private record: Readonly<Record<string, string>> | null = null;
  /** Set by an op that takes a variant of its label (a bind sent with a wrong password: 1). */
  variant = 0;

  constructor(rng: Prng, picker: EntryPicker | null, uniquePrefix: string) {
    this.rng = rng;
    this.picker = picker;
    this.uniquePrefix = uniquePrefix;
  }

  /** Forgets the previous op's entry: the next [entry:...] picks a new one. */
  begin(): void {
    this.index = -1;
    this.dn = null;
    this.record = null;
    this.variant = 0;
  }

  /** Value of `attribute` of this op's random existing entry (the same entry for the whole op). */
  entry(attribute: string): string {
    const picker = this.picker;
    if (picker === null) {
      throw new Error('[entry:...] needs existing entries, and this target has none to pick from');
    }
    if (this.index < 0) this.index = this.rng.int(picker.size);
    if (attribute === 'dn' || attribute === 'parent') {
      this.dn ??= picker.dn(this.index);
      return attribute === 'dn' ? this.dn : parentDn(this.dn);
    }
    this.record ??= picker.entry(this.index);
    // Own properties only: [entry:constructor] must not read Object's constructor.
    const value = Object.hasOwn(this.record, attribute) ? this.record[attribute] : undefined;
    if (value === undefined) throw new Error(`the picked entry has no ${attribute} attribute`);
    return value;
  }

  /** A token no other expansion of this run returns: run tag, worker and a counter. */
  unique(): string {
    this.uniqueCount++;
    return `${this.uniquePrefix}${this.uniqueCount.toString(36)}`;
  }
}
