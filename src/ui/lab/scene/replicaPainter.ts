// The replication stream's writes in flight, drawn per frame on a canvas over the scene (its
// own layer, like the request dots): each store write is a diamond travelling from the primary
// to the replica over the replica's lag, from the engine's write times. Nothing here reads
// layout or writes the DOM.
import type { LabRun } from '../../../core/lab/labRun';
import { frameStats } from '../useLab';
import type { Geometry } from './geometry';
import { replicationOf } from '../production/derived';

const MAX = 400;

export function makeReplicaPainter(canvas: HTMLCanvasElement, run: LabRun, geo: Geometry) {
  const ctx = canvas.getContext('2d', { alpha: true });
  const view = replicationOf(run);
  const lag = run.production.replicaLagSeconds ?? 0;
  const failAt = run.production.failover?.at ?? Infinity;
  let stroke = '#888';
  let fill = '#fff';
  const colours = () => {
    const cs = getComputedStyle(canvas);
    stroke = cs.getPropertyValue('--accent').trim() || stroke;
    fill = cs.getPropertyValue('--surface').trim() || fill;
  };
  colours();
  let theme = document.documentElement.dataset.theme;
  let frames = 0;
  let cw = 0;
  let wasEmpty = false;
  const store = geo.store;
  const rep = geo.replica;
  // The stream runs from the store's bottom edge to the replica's top edge.
  const x0 = rep ? rep.c.x : 0;
  const y0 = store ? store.y + store.h : 0;
  const y1 = rep ? rep.y : 0;
  const draw = (now: number) => {
    if (!ctx || cw === 0 || !view || !rep || !store) return;
    if (++frames % 30 === 0 && document.documentElement.dataset.theme !== theme) {
      theme = document.documentElement.dataset.theme;
      colours();
    }
    let from = 0;
    let to = 0;
    if (lag > 0 && now < failAt) [from, to] = view.inFlightRange(now, lag);
    const n = Math.min(MAX, to - from);
    frameStats.dots += n;
    if (n === 0 && wasEmpty) return;
    wasEmpty = n === 0;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    if (n === 0) return;
    const sc = canvas.width / geo.w;
    ctx.setTransform(sc, 0, 0, sc, 0, 0);
    ctx.beginPath();
    for (let k = to - n; k < to; k++) {
      const f = Math.min(1, Math.max(0, (now - view.times[k]!) / lag));
      const y = y0 + 6 + (y1 - y0 - 12) * f;
      ctx.moveTo(x0, y - 4);
      ctx.lineTo(x0 + 4, y);
      ctx.lineTo(x0, y + 4);
      ctx.lineTo(x0 - 4, y);
      ctx.closePath();
    }
    ctx.fillStyle = fill;
    ctx.fill();
    ctx.strokeStyle = stroke;
    ctx.lineWidth = 1.5;
    ctx.stroke();
  };
  const resize = (w: number, h: number) => {
    const dpr = Math.min(2, window.devicePixelRatio || 1);
    cw = w;
    const bw = Math.round(w * dpr);
    const bh = Math.round(h * dpr);
    if (canvas.width !== bw || canvas.height !== bh) {
      canvas.width = bw;
      canvas.height = bh;
      wasEmpty = false;
    }
  };
  return { draw, resize };
}
