// The canvas painter: draws the dots of one run on a canvas over the scene (its own layer,
// so moving dots never repaint the SVG). Positions come from the journey (journey.ts), one
// pass fills preallocated typed arrays per bucket, then each bucket is one path, filled or
// stroked once per frame. Nothing here reads layout or writes the DOM: the canvas size
// arrives through `resize`.
import type { LabRun } from '../../../core/lab/labRun';
import { hopOf } from '../../../store/labStore';
import { TENANT_HUES, tenantHue } from '../shapes';
import { frameStats } from '../useLab';
import type { Geometry } from './geometry';
import { firstOnScreen, placeDot, placeWrite, type DotPlace } from './journey';

const MAX_DOTS = 800;

const motionQuery =
  typeof window !== 'undefined'
    ? window.matchMedia?.('(prefers-reduced-motion: reduce)')
    : undefined;
const reducedMotion = () => motionQuery?.matches === true;

/** Reads the outcome colours from the theme (re-read when the theme changes). */
function palette(el: Element): Record<string, string> {
  const cs = getComputedStyle(el);
  const v = (n: string) => cs.getPropertyValue(n).trim() || '#888';
  return {
    allowed: v('--ok'),
    denied: v('--deny'),
    unavailable: v('--unavail'),
    bypass: v('--bypass'),
    write: v('--accent'),
    surface: v('--surface'),
    focus: v('--focus'),
  };
}

// Dot buckets, drawn in this order: one per client hue (outbound), then each outcome shape,
// then non-atomic writes.
const HUES = TENANT_HUES.length;
const B_ALLOWED = HUES;
const B_DENIED = HUES + 1;
const B_UNAVAILABLE = HUES + 2;
const B_BYPASS = HUES + 3;
const B_WRITE = HUES + 4;
const BUCKETS = HUES + 5;
/** Outcome code (OUTCOME_NAMES index) to bucket. */
const OUTCOME_BUCKET = [B_ALLOWED, B_DENIED, B_UNAVAILABLE, B_BYPASS];

/**
 * `selected` answers which request of this lane is selected (or null): its dot gets a ring,
 * read per frame from the store (a number, no allocation).
 */
export function makeDotPainter(
  canvas: HTMLCanvasElement,
  run: LabRun,
  geo: Geometry,
  selected: () => number | null = () => null,
) {
  const hop = hopOf(run);
  const ctx = canvas.getContext('2d', { alpha: true });
  const xs = new Float32Array(BUCKETS * MAX_DOTS);
  const ys = new Float32Array(BUCKETS * MAX_DOTS);
  const count = new Int32Array(BUCKETS);
  const dot: DotPlace = { x: 0, y: 0, leg: 'to-balancer', shows: -1 };
  let colors = palette(canvas);
  let theme = document.documentElement.dataset.theme;
  let cw = 0;
  let ch = 0;
  let wasEmpty = false;
  const push = (b: number) => {
    const k = count[b]!;
    if (k >= MAX_DOTS) return;
    xs[b * MAX_DOTS + k] = dot.x;
    ys[b * MAX_DOTS + k] = dot.y;
    count[b] = k + 1;
  };
  const draw = (now: number) => {
    if (!ctx || cw === 0) return;
    if (document.documentElement.dataset.theme !== theme) {
      theme = document.documentElement.dataset.theme;
      colors = palette(canvas);
    }
    count.fill(0);
    let n = 0;
    const sel = selected();
    let ring = false;
    let rx = 0;
    let ry = 0;
    if (!reducedMotion()) {
      for (let j = firstOnScreen(run, now, hop); j < run.n && n < MAX_DOTS; j++) {
        const i = run.byArrival[j]!;
        if (run.at[i]! - hop > now) break;
        if (placeWrite(run, geo, i, now, dot)) {
          push(B_WRITE);
          n++;
        }
        if (!placeDot(run, geo, i, now, hop, dot)) continue;
        push(dot.shows < 0 ? run.keyIx[i]! % HUES : OUTCOME_BUCKET[dot.shows]!);
        n++;
        if (i === sel) {
          ring = true;
          rx = dot.x;
          ry = dot.y;
        }
      }
    }
    frameStats.dots += n;
    // An empty frame after an empty frame needs no clear.
    if (n === 0 && wasEmpty) return;
    wasEmpty = n === 0;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    if (n === 0) return;
    const sc = canvas.width / geo.w;
    ctx.setTransform(sc, 0, 0, sc, 0, 0);
    const path = (b: number, one: (x: number, y: number) => void) => {
      const k = count[b]!;
      if (!k) return false;
      ctx.beginPath();
      const o = b * MAX_DOTS;
      for (let q = 0; q < k; q++) one(xs[o + q]!, ys[o + q]!);
      return true;
    };
    const circle = (r: number) => (x: number, y: number) => {
      ctx.moveTo(x + r, y);
      ctx.arc(x, y, r, 0, 2 * Math.PI);
    };
    const out = circle(4.5);
    for (let h = 0; h < HUES; h++)
      if (path(h, out)) {
        ctx.fillStyle = tenantHue(h);
        ctx.fill();
      }
    if (path(B_ALLOWED, circle(6))) {
      ctx.fillStyle = colors.allowed!;
      ctx.fill();
    }
    if (path(B_DENIED, (x, y) => ctx.rect(x - 5.2, y - 5.2, 10.4, 10.4))) {
      ctx.fillStyle = colors.denied!;
      ctx.fill();
    }
    if (
      path(B_UNAVAILABLE, (x, y) => {
        ctx.moveTo(x, y - 7.2);
        ctx.lineTo(x + 6.8, y + 5.2);
        ctx.lineTo(x - 6.8, y + 5.2);
        ctx.closePath();
      })
    ) {
      ctx.fillStyle = colors.unavailable!;
      ctx.fill();
    }
    if (path(B_BYPASS, circle(5.5))) {
      ctx.strokeStyle = colors.bypass!;
      ctx.lineWidth = 2.5;
      ctx.stroke();
    }
    if (
      path(B_WRITE, (x, y) => {
        ctx.moveTo(x, y - 5);
        ctx.lineTo(x + 5, y);
        ctx.lineTo(x, y + 5);
        ctx.lineTo(x - 5, y);
        ctx.closePath();
      })
    ) {
      ctx.fillStyle = colors.surface!;
      ctx.fill();
      ctx.strokeStyle = colors.write!;
      ctx.lineWidth = 2;
      ctx.stroke();
    }
    if (ring) {
      // The selected request: a ring around its dot, wherever it is on its journey.
      ctx.beginPath();
      ctx.arc(rx, ry, 10.5, 0, 2 * Math.PI);
      ctx.strokeStyle = colors.focus!;
      ctx.lineWidth = 2.5;
      ctx.stroke();
    }
  };
  /** The canvas's CSS size changed (from a ResizeObserver, never read per frame). */
  const resize = (w: number, h: number) => {
    const dpr = Math.min(2, window.devicePixelRatio || 1);
    cw = w;
    ch = h;
    const bw = Math.round(cw * dpr);
    const bh = Math.round(ch * dpr);
    if (canvas.width !== bw || canvas.height !== bh) {
      canvas.width = bw;
      canvas.height = bh;
      wasEmpty = false;
    }
  };
  return { draw, resize };
}
