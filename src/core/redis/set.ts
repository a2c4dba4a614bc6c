// A set as Redis 7.0 keeps one: an intset (only integers, at most set-max-intset-entries = 512
// of them, iterated in ascending order) until a non-integer or the 513th member turns it into
// a hash table for good. The model keeps the members in a Set and remembers the encoding,
// because it decides the order SMEMBERS and friends answer in (a hash table's order is not
// defined; the model answers in insertion order).
import { parseInt64 } from './numfmt';

export const SET_MAX_INTSET_ENTRIES = 512;

export class RSet {
  readonly members = new Set<string>();
  /** Still an intset? */
  intset: boolean;
  private sorted: string[] | null = null;

  /** An empty set that can hold `first` (setTypeCreate: an intset for an integer). */
  constructor(first: string | null) {
    this.intset = first === null || parseInt64(first) !== null;
  }

  get size(): number {
    return this.members.size;
  }

  has(v: string): boolean {
    return this.members.has(v);
  }

  /** setTypeAdd: true when `v` is new. */
  add(v: string): boolean {
    if (this.members.has(v)) return false;
    this.members.add(v);
    this.sorted = null;
    if (this.intset && (parseInt64(v) === null || this.members.size > SET_MAX_INTSET_ENTRIES)) {
      this.intset = false;
    }
    return true;
  }

  delete(v: string): boolean {
    if (!this.members.delete(v)) return false;
    this.sorted = null;
    return true;
  }

  /** The members in Redis's iteration order. */
  items(): string[] {
    if (!this.intset) return [...this.members];
    this.sorted ??= [...this.members].sort((a, b) => {
      const x = BigInt(a);
      const y = BigInt(b);
      return x < y ? -1 : x > y ? 1 : 0;
    });
    return this.sorted;
  }

  encoding(): 'intset' | 'hashtable' {
    return this.intset ? 'intset' : 'hashtable';
  }
}
