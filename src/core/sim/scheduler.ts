// Discrete-event queue on the virtual clock: events pop in (time, insertion order), so
// equal times keep the order they were scheduled in. Columnar binary heap, no per-event
// objects.
export class EventQueue {
  private time = new Float64Array(1024);
  private seq = new Float64Array(1024);
  private kind = new Uint8Array(1024);
  private ref = new Int32Array(1024);
  private n = 0;
  private counter = 0;

  get size(): number {
    return this.n;
  }

  peekTime(): number {
    return this.n === 0 ? Infinity : this.time[0]!;
  }

  push(time: number, kind: number, ref: number): void {
    if (this.n === this.time.length) this.grow();
    let i = this.n++;
    const s = this.counter++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      const pt = this.time[p]!;
      if (pt < time || (pt === time && this.seq[p]! < s)) break;
      this.move(p, i);
      i = p;
    }
    this.time[i] = time;
    this.seq[i] = s;
    this.kind[i] = kind;
    this.ref[i] = ref;
  }

  /** Pop the earliest event into out; returns false when empty. */
  pop(out: { time: number; kind: number; ref: number }): boolean {
    if (this.n === 0) return false;
    out.time = this.time[0]!;
    out.kind = this.kind[0]!;
    out.ref = this.ref[0]!;
    const last = --this.n;
    if (last === 0) return true;
    const t = this.time[last]!;
    const s = this.seq[last]!;
    const k = this.kind[last]!;
    const r = this.ref[last]!;
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= last) break;
      const c2 = c + 1;
      if (c2 < last && this.less(c2, c)) c = c2;
      const ct = this.time[c]!;
      if (t < ct || (t === ct && s < this.seq[c]!)) break;
      this.move(c, i);
      i = c;
    }
    this.time[i] = t;
    this.seq[i] = s;
    this.kind[i] = k;
    this.ref[i] = r;
    return true;
  }

  private less(a: number, b: number): boolean {
    const ta = this.time[a]!;
    const tb = this.time[b]!;
    return ta < tb || (ta === tb && this.seq[a]! < this.seq[b]!);
  }

  private move(from: number, to: number): void {
    this.time[to] = this.time[from]!;
    this.seq[to] = this.seq[from]!;
    this.kind[to] = this.kind[from]!;
    this.ref[to] = this.ref[from]!;
  }

  private grow(): void {
    const n = this.time.length * 2;
    const g = <T extends Float64Array | Uint8Array | Int32Array>(a: T, b: T): T => {
      b.set(a);
      return b;
    };
    this.time = g(this.time, new Float64Array(n));
    this.seq = g(this.seq, new Float64Array(n));
    this.kind = g(this.kind, new Uint8Array(n));
    this.ref = g(this.ref, new Int32Array(n));
  }
}
