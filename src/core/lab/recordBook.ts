// The records of managed servers (labs, brokers): new ids, lookups that name what is missing, and a
// notice of each change, over the registry that keeps them.
import { randomBytes } from 'node:crypto';
import { ApiError } from '../../shared/errors.ts';

/** The registry calls a record book needs. */
export interface RecordStore<Stored> {
  get(id: string): Stored | null;
  update(id: string, patch: Partial<Stored>): void;
}

/** Ids, lookups and change notices over one registry of `noun`s (`lab`, `broker`). */
export class RecordBook<Stored, Info> {
  readonly #store: RecordStore<Stored>;
  readonly #noun: string;
  readonly #toInfo: (stored: Stored) => Info;
  readonly #onChange: (info: Info) => void;

  constructor(
    store: RecordStore<Stored>,
    noun: string,
    toInfo: (stored: Stored) => Info,
    onChange: (info: Info) => void,
  ) {
    this.#store = store;
    this.#noun = noun;
    this.#toInfo = toInfo;
    this.#onChange = onChange;
  }

  /** An id `<noun>-xxxxxx` that no record has yet. */
  newId(): string {
    for (;;) {
      const id = `${this.#noun}-${randomBytes(3).toString('hex')}`;
      if (this.#store.get(id) === null) return id;
    }
  }

  /** Record `id`; a not-found ApiError naming it when there is none. */
  get(id: string): Stored {
    const stored = this.#store.get(id);
    if (stored === null) throw new ApiError('not-found', `There is no ${this.#noun} "${id}".`);
    return stored;
  }

  /** Changes record `id` and announces it. */
  update(id: string, patch: Partial<Stored>): void {
    this.#store.update(id, patch);
    this.changed(id);
  }

  /** Announces record `id` as it now stands (nothing when it is gone). */
  changed(id: string): void {
    const stored = this.#store.get(id);
    if (stored !== null) this.#onChange(this.#toInfo(stored));
  }
}
