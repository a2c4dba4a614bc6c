// A sorted set: members ordered by (score, member bytes), as Redis orders them. A sorted
// array with binary search plus a member->score map: O(log n) lookups, O(n) inserts, which is
// plenty for the lab's windows and fast for small sets.

export interface ZEntry {
  member: string;
  score: number;
}

function less(aScore: number, aMember: string, b: ZEntry): boolean {
  return aScore < b.score || (aScore === b.score && aMember < b.member);
}

export class ZSet {
  readonly scores = new Map<string, number>();
  readonly entries: ZEntry[] = [];
  /** Redis would keep it as a skiplist (too many or too long members for a listpack). */
  skiplist = false;

  get size(): number {
    return this.entries.length;
  }

  /** Index of the first entry not less than (score, member). */
  private lowerBound(score: number, member: string): number {
    const a = this.entries;
    let lo = 0;
    let hi = a.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (less(a[mid]!.score, a[mid]!.member, { score, member })) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Insert a new member or move an existing one to a new score. */
  set(member: string, score: number): void {
    // Redis 7.0 keeps a small sorted set in a listpack, which stores a score of -0 as the
    // integer 0 (ZSCORE then prints "0"; only the ZINCRBY / ZADD INCR reply shows "-0").
    if (score === 0) score = 0;
    const old = this.scores.get(member);
    if (old !== undefined) {
      if (old === score) return;
      this.entries.splice(this.lowerBound(old, member), 1);
    }
    this.scores.set(member, score);
    this.entries.splice(this.lowerBound(score, member), 0, { member, score });
  }

  delete(member: string): boolean {
    const old = this.scores.get(member);
    if (old === undefined) return false;
    this.scores.delete(member);
    this.entries.splice(this.lowerBound(old, member), 1);
    return true;
  }

  /** First index whose score is >= min (or > min when exclusive). */
  firstInRange(min: number, minex: boolean): number {
    const a = this.entries;
    let lo = 0;
    let hi = a.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const s = a[mid]!.score;
      if (minex ? s <= min : s < min) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** One past the last index whose score is <= max (or < max when exclusive). */
  endOfRange(max: number, maxex: boolean): number {
    const a = this.entries;
    let lo = 0;
    let hi = a.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const s = a[mid]!.score;
      if (maxex ? s < max : s <= max) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Remove entries [from, to) by rank; returns how many were removed. */
  removeRange(from: number, to: number): number {
    return this.takeRange(from, to).length;
  }

  /** Remove entries [from, to) by rank and return them. */
  takeRange(from: number, to: number): ZEntry[] {
    if (to <= from) return [];
    const removed = this.entries.splice(from, to - from);
    for (const e of removed) this.scores.delete(e.member);
    return removed;
  }

  /** The 0-based rank of a member (lowest score first), -1 when absent. */
  rank(member: string): number {
    const score = this.scores.get(member);
    return score === undefined ? -1 : this.lowerBound(score, member);
  }
}
