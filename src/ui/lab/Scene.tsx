// The scene: clients, load balancer, servers and (when shared) the store, with requests as
// dots placed from their event times (fraction = (now - sent) / (received - sent)).
import {
  memo,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type RefObject,
} from 'react';
import type { LabRun } from '../../core/lab/labRun';
import { OUTCOME_NAMES as OUTCOMES } from '../../core/lab/columns';
import { viewUsage } from '../../core/lab/policy';
import { hopOf, labStore, LANE_LABEL } from '../../store/labStore';
import { OUTCOME_LABEL, OutcomeGlyph, TENANT_HUES, tenantHue } from './shapes';
import { StateGlyph } from './StateView';
import { addDrawer, frameStats, useLab } from './useLab';

const W = 600;
/** The narrow (phone) layout's width: drawn at about 1:1 on a 360 px screen, so text stays legible. */
const W_NARROW = 320;
/** Below this lane width (CSS px) the scene switches to the tall, narrow layout. */
const NARROW_BELOW = 560;
const MAX_CLIENTS = 5;
const MAX_DOTS = 800;

interface Pt {
  x: number;
  y: number;
}
interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
  /** Where a request dot sits while the server (or store) holds it. */
  c: Pt;
}
export interface Geometry {
  /** viewBox width and height. */
  w: number;
  h: number;
  narrow: boolean;
  clients: Pt[];
  clientLabels: string[];
  lb: Pt;
  lbBox: { x: number; y: number; w: number; h: number };
  servers: Box[];
  store: Box | null;
  /** Per server: where its dots meet the store (the store's edge facing that server). */
  storeAt: Pt[];
}

function clientList(run: LabRun): string[] {
  const shown = Math.max(1, Math.min(run.keys.length, MAX_CLIENTS));
  const labels: string[] = [];
  for (let k = 0; k < shown; k++)
    labels.push(
      k === MAX_CLIENTS - 1 && run.keys.length > MAX_CLIENTS
        ? `+${run.keys.length - MAX_CLIENTS + 1} more`
        : (run.keys[k] ?? 'client'),
    );
  return labels;
}

/** Wide layout: time flows left to right (clients, balancer, servers column, store). */
function wideGeometry(run: LabRun): Geometry {
  const n = run.servers.length;
  const h = Math.max(210, 36 + n * 62);
  const clientLabels = clientList(run);
  const clients = clientLabels.map((_, k) => ({
    x: 44,
    y: (h * (k + 1)) / (clientLabels.length + 1),
  }));
  const lb = { x: 170, y: h / 2 };
  const slot = (h - 16) / n;
  const bh = Math.min(54, slot - 8);
  const sx = 262;
  const sw = run.shared ? 150 : 318;
  const servers = run.servers.map((_, i) => {
    const y = 8 + slot * i + (slot - bh) / 2;
    return { x: sx, y, w: sw, h: bh, c: { x: sx + 18, y: y + bh / 2 } };
  });
  const store = run.shared
    ? { x: 448, y: h / 2 - 62, w: 146, h: 124, c: { x: 448, y: h / 2 } }
    : null;
  return {
    w: W,
    h,
    narrow: false,
    clients,
    clientLabels,
    lb,
    lbBox: { x: lb.x - 40, y: lb.y - 24, w: 80, h: 48 },
    servers,
    store,
    storeAt: servers.map(() => store?.c ?? { x: 0, y: 0 }),
  };
}

/**
 * Narrow layout: the same path read top to bottom (clients, balancer, a row of servers, the
 * store across the bottom), in a taller viewBox about as wide as a phone, so scene text is
 * drawn at roughly its CSS size instead of being scaled down to half.
 */
function narrowGeometry(run: LabRun): Geometry {
  const Wn = W_NARROW;
  const n = run.servers.length;
  const clientLabels = clientList(run);
  // Labels sit above the clients: dots leave downwards and never cross them.
  const clients = clientLabels.map((_, k) => ({
    x: 16 + ((Wn - 32) * (k + 0.5)) / clientLabels.length,
    y: 44,
  }));
  const lb = { x: Wn / 2, y: 106 };
  const lbBox = { x: lb.x - 66, y: lb.y - 16, w: 132, h: 32 };
  const perRow = n <= 4 ? n : Math.ceil(n / Math.ceil(n / 4));
  const gap = 8;
  const bw = (Wn - 8 - (perRow - 1) * gap) / perRow;
  const bh = run.shared ? 48 : 108;
  const top = 148;
  const servers = run.servers.map((_, i) => {
    const col = i % perRow;
    const row = Math.floor(i / perRow);
    const x = 4 + col * (bw + gap);
    const y = top + row * (bh + 12);
    return { x, y, w: bw, h: bh, c: { x: x + bw - 14, y: y + 14 } };
  });
  const rows = Math.ceil(n / perRow);
  const below = top + rows * (bh + 12) - 12;
  const store = run.shared
    ? { x: 4, y: below + 34, w: Wn - 8, h: 120, c: { x: Wn / 2, y: below + 34 } }
    : null;
  const h = store ? store.y + store.h + 6 : below + 8;
  return {
    w: Wn,
    h,
    narrow: true,
    clients,
    clientLabels,
    lb,
    lbBox,
    servers,
    store,
    storeAt: servers.map((b) => ({ x: b.c.x, y: store?.y ?? 0 })),
  };
}

export function geometry(run: LabRun, narrow = false): Geometry {
  return narrow ? narrowGeometry(run) : wideGeometry(run);
}

const maxSpanCache = new WeakMap<LabRun, number>();
function maxSpan(run: LabRun): number {
  let m = maxSpanCache.get(run);
  if (m === undefined) {
    m = 0;
    for (let i = 0; i < run.n; i++) {
      const e = Math.max(
        run.respondedAt[i]!,
        Number.isNaN(run.writeArrive[i]!) ? 0 : run.writeArrive[i]!,
      );
      if (e - run.at[i]! > m) m = e - run.at[i]!;
    }
    maxSpanCache.set(run, m);
  }
  return m;
}

function lowerBoundAt(run: LabRun, t: number): number {
  let lo = 0;
  let hi = run.n;
  while (lo < hi) {
    const m = (lo + hi) >> 1;
    if (run.at[run.byArrival[m]!]! < t) lo = m + 1;
    else hi = m;
  }
  return lo;
}

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
  };
}

// Dot buckets, drawn in this order: one per client hue (outbound), then each outcome shape,
// then non-atomic writes. Each bucket is one canvas path, filled or stroked once per frame.
const HUES = TENANT_HUES.length;
const B_ALLOWED = HUES;
const B_DENIED = HUES + 1;
const B_UNAVAILABLE = HUES + 2;
const B_BYPASS = HUES + 3;
const B_WRITE = HUES + 4;
const BUCKETS = HUES + 5;
/** Outcome code (OUTCOMES index) to bucket. */
const OUTCOME_BUCKET = [B_ALLOWED, B_DENIED, B_UNAVAILABLE, B_BYPASS];

/**
 * Draws the dots of one run on a canvas over the scene (its own layer, so moving dots never
 * repaint the SVG). Positions come from the run's event-time columns only; one pass fills
 * preallocated typed arrays per bucket, then each bucket is one path. Nothing here reads
 * layout or writes the DOM: the canvas size arrives through `resize`.
 */
function makeDotDrawer(canvas: HTMLCanvasElement, run: LabRun, geo: Geometry) {
  const hop = hopOf(run);
  const span = maxSpan(run);
  const ctx = canvas.getContext('2d', { alpha: true });
  const xs = new Float32Array(BUCKETS * MAX_DOTS);
  const ys = new Float32Array(BUCKETS * MAX_DOTS);
  const count = new Int32Array(BUCKETS);
  const atomic = run.scenario.placement !== 'shared-nonatomic';
  let colors = palette(canvas);
  let theme = document.documentElement.dataset.theme;
  let frames = 0;
  let cw = 0;
  let ch = 0;
  let wasEmpty = false;
  let px = 0;
  let py = 0;
  const lerp = (a: Pt, b: Pt, f: number) => {
    const k = f < 0 ? 0 : f > 1 ? 1 : f;
    px = a.x + (b.x - a.x) * k;
    py = a.y + (b.y - a.y) * k;
  };
  const push = (b: number) => {
    const k = count[b]!;
    if (k >= MAX_DOTS) return;
    xs[b * MAX_DOTS + k] = px;
    ys[b * MAX_DOTS + k] = py;
    count[b] = k + 1;
  };
  const draw = (now: number) => {
    if (!ctx || cw === 0) return;
    if (++frames % 30 === 0 && document.documentElement.dataset.theme !== theme) {
      theme = document.documentElement.dataset.theme;
      colors = palette(canvas);
    }
    count.fill(0);
    let n = 0;
    if (!reducedMotion()) {
      const start = lowerBoundAt(run, now - span - hop);
      const half = hop / 2;
      for (let j = start; j < run.n && n < MAX_DOTS; j++) {
        const i = run.byArrival[j]!;
        const at = run.at[i]!;
        if (at - hop > now) break;
        const resp = run.respondedAt[i]!;
        const si = run.serverIx[i]!;
        const srv = geo.servers[si];
        if (!srv) continue;
        const c = geo.clients[Math.min(run.keyIx[i]!, geo.clients.length - 1)]!;
        const S = srv.c;
        const St = geo.storeAt[si]!;
        const oc = OUTCOME_BUCKET[run.outcome[i]!]!;
        // A non-atomic write travels on its own.
        const wa = run.writeArrive[i]!;
        const dec = run.decidedAt[i]!;
        if (geo.store && now >= dec && now <= wa) {
          lerp(S, St, (now - dec) / Math.max(1e-9, wa - dec));
          push(B_WRITE);
          n++;
        }
        if (now > resp + hop) continue;
        let b = run.keyIx[i]! % HUES;
        if (now < at - half) lerp(c, geo.lb, (now - (at - hop)) / half);
        else if (now < at) lerp(geo.lb, S, (now - (at - half)) / half);
        else {
          const sa = run.storeArrive[i]!;
          const sr = run.storeReply[i]!;
          if (geo.store && now < sa) lerp(S, St, (now - at) / Math.max(1e-9, sa - at));
          else if (geo.store && now < sr) {
            lerp(St, S, (now - sa) / Math.max(1e-9, sr - sa));
            if (atomic) b = oc;
          } else if (now < resp) {
            px = S.x;
            py = S.y;
            if (now >= dec) b = oc;
          } else {
            b = oc;
            if (now < resp + half) lerp(S, geo.lb, (now - resp) / half);
            else lerp(geo.lb, c, (now - resp - half) / half);
          }
        }
        push(b);
        n++;
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

function Counts({ run, testids }: { run: LabRun; testids: boolean }) {
  // The numbers change with nearly every frame at speed; they are written by a drawer
  // (textContent, only when a decision lands), never by a React render.
  const total = useMemo(() => run.countsAt(Infinity), [run]);
  const allowed = useRef<HTMLSpanElement>(null);
  const bypass = useRef<HTMLSpanElement>(null);
  const denied = useRef<HTMLSpanElement>(null);
  const unavailable = useRef<HTMLSpanElement>(null);
  const decided = useRef<HTMLSpanElement>(null);
  // Fixed-width, contained number boxes: rewriting a number never relayouts the lane.
  const num = { width: `${String(run.n).length}ch` };
  useLayoutEffect(() => {
    let last = -1;
    // One text node per number, its data rewritten (setting textContent would replace the
    // node, which relayouts and repaints more).
    const put = (el: HTMLSpanElement | null, v: number) => {
      if (!el) return;
      const t = el.firstChild;
      if (t && t.nodeType === 3) (t as Text).data = String(v);
      else el.textContent = String(v);
    };
    return addDrawer((now, coarse) => {
      if (!coarse) return;
      const d = run.decidedBy(now);
      if (d === last) return;
      last = d;
      const c = run.countsAt(now);
      put(allowed.current, c.allowed);
      put(bypass.current, c.bypass);
      put(denied.current, c.denied);
      put(unavailable.current, c.unavailable);
      put(decided.current, c.decided);
    });
  }, [run]);
  return (
    <dl className="lane-counts">
      <div className="count o-allowed">
        <dt>
          <OutcomeGlyph outcome="allowed" size={16} /> admitted
        </dt>
        <dd>
          <span
            ref={allowed}
            className="num"
            style={num}
            data-testid={testids ? 'allowed-count' : undefined}
          />
        </dd>
      </div>
      {total.bypass > 0 && (
        <div className="count o-bypass">
          <dt>
            <OutcomeGlyph outcome="bypass" size={16} /> bypass
          </dt>
          <dd>
            <span
              ref={bypass}
              className="num"
              style={num}
              data-testid={testids ? 'bypass-count' : undefined}
            />
          </dd>
        </div>
      )}
      <div className="count o-denied">
        <dt>
          <OutcomeGlyph outcome="denied" size={16} /> 429
        </dt>
        <dd>
          <span
            ref={denied}
            className="num"
            style={num}
            data-testid={testids ? 'denied-count' : undefined}
          />
        </dd>
      </div>
      {total.unavailable > 0 && (
        <div className="count o-unavailable">
          <dt>
            <OutcomeGlyph outcome="unavailable" size={16} /> 503
          </dt>
          <dd>
            <span ref={unavailable} className="num" style={num} />
          </dd>
        </div>
      )}
      <div className="count o-total">
        <dt>decided</dt>
        <dd>
          <span ref={decided} className="num" style={{ ...num, textAlign: 'right' }} />
          <small> / {run.n}</small>
        </dd>
      </div>
    </dl>
  );
}

const STRIP = 30;

function DecisionStrip({ run, lane }: { run: LabRun; lane: 'main' | 'compare' }) {
  // Follows the coarse clock (a few times a second while playing, exact when paused).
  const decided = useLab((s) => run.decidedBy(lane === 'compare' ? s.compareNow : s.sceneNow));
  const selected = useLab((s) => (s.selectedLane === lane ? s.selected : null));
  const from = Math.max(0, decided - STRIP);
  const items: number[] = [];
  for (let j = from; j < decided; j++) items.push(run.byDecision[j]!);
  // Every item has the same fixed, contained size (sized for the longest server name), so a
  // tick that rewrites the items relayouts only inside them.
  const longest = useMemo(() => run.servers.reduce((m, x) => Math.max(m, x.length), 1), [run]);
  const style = { '--strip-w': `calc(${longest}ch + 1.9rem)` } as CSSProperties;
  return (
    <div className="strip-wrap">
      <ol className="decision-strip" aria-label="Decisions so far, oldest first" style={style}>
        {from > 0 && <li className="strip-more">… {from} earlier</li>}
        {items.map((i, k) => {
          const oc = OUTCOMES[run.outcome[i]!]!;
          const server = run.servers[run.serverIx[i]!];
          // Keyed by position, not by request: while playing the window slides every tick,
          // and reusing the same 30 buttons updates a few attributes instead of rebuilding
          // the list.
          return (
            <li key={k}>
              <button
                type="button"
                className="strip-item"
                aria-pressed={selected === i}
                aria-label={`Request ${i + 1} via server ${server}: ${OUTCOME_LABEL[oc]}`}
                onClick={() => labStore.getState().select(i, lane)}
              >
                <span className={`sglyph o-${oc}`} aria-hidden />
                <span>{server}</span>
              </button>
            </li>
          );
        })}
        {decided === 0 && <li className="strip-empty">No decisions yet: press play or step.</li>}
      </ol>
    </div>
  );
}

function LiveStates({
  run,
  geo,
  testids,
  lane,
}: {
  run: LabRun;
  geo: Geometry;
  testids: boolean;
  lane: 'main' | 'compare';
}) {
  const now = useLab((s) => (lane === 'compare' ? s.compareNow : s.sceneNow));
  const selectedTarget = useLab((s) => s.selectedTarget);
  const nonatomic = run.scenario.placement === 'shared-nonatomic';
  const pick = (id: string) => labStore.getState().selectTarget(id);
  const storeTarget = run.targets.find((t) => t.kind === 'store');
  const narrow = geo.narrow;
  return (
    <>
      {geo.servers.map((b, si) => {
        const name = run.servers[si]!;
        const local = run.targets.find((t) => t.where === name && t.kind === 'local');
        const fb = run.targets.find((t) => t.where === name && t.kind === 'fallback');
        const target = local ?? fb;
        const views = local ? run.views(local.id, now, 1) : [];
        // What this server last read from the store (shared-nonatomic).
        let read: string | null = null;
        if (nonatomic) {
          for (let j = run.n - 1; j >= 0; j--) {
            const i = run.byArrival[j]!;
            if (run.serverIx[i] !== si || !(run.storeReply[i]! <= now)) continue;
            if (now > run.respondedAt[i]! + hopOf(run)) break;
            const rv = run.request(i).readView;
            const u = rv ? viewUsage(rv) : { used: 0, limit: NaN };
            read = `read ${+u.used.toFixed(2)}${Number.isFinite(u.limit) ? ` of ${u.limit}` : ''}`;
            break;
          }
        }
        const id = target?.id ?? `server:${name}`;
        const compact = narrow && b.w < 110;
        return (
          <g
            key={name}
            className={`srv${selectedTarget === id ? ' selected' : ''}`}
            data-testid={testids ? `server-${name}` : undefined}
            role="button"
            tabIndex={0}
            aria-label={`Server ${name}${local ? `, its own counter: ${views[0] ? viewUsage(views[0]).used : 0} used` : ''}. Show its state.`}
            onClick={() => target && pick(target.id)}
            onKeyDown={(e) => {
              if ((e.key === 'Enter' || e.key === ' ') && target) {
                e.preventDefault();
                e.stopPropagation();
                pick(target.id);
              }
            }}
          >
            <rect className="box" x={b.x} y={b.y} width={b.w} height={b.h} rx={8} />
            <text
              className="box-title"
              x={narrow ? b.x + 8 : b.x + 36}
              y={b.y + (narrow ? 19 : 20)}
            >
              {compact ? name : `Server ${name}`}
            </text>
            {local && (
              <g
                transform={
                  narrow
                    ? `translate(${b.x + 2},${b.y + 28})`
                    : `translate(${b.x + 120},${b.y + 3})`
                }
              >
                {views[0] ? (
                  <StateGlyph
                    view={views[0]}
                    now={now}
                    w={narrow ? b.w - 4 : b.w - 124}
                    h={narrow ? b.h - 32 : b.h - 6}
                  />
                ) : (
                  <text className="sv-sub" x={narrow ? 6 : 4} y={narrow ? 20 : b.h / 2}>
                    {compact ? 'empty' : 'own counter: empty'}
                  </text>
                )}
              </g>
            )}
            {!local && (
              <text className="box-sub" x={narrow ? b.x + 8 : b.x + 36} y={b.y + 38}>
                {read ??
                  (fb
                    ? compact
                      ? '+ fallback'
                      : 'asks the store · has fallback'
                    : compact
                      ? 'asks store'
                      : 'asks the store')}
              </text>
            )}
          </g>
        );
      })}
      {geo.store && storeTarget && (
        <g
          className={`store${selectedTarget === storeTarget.id ? ' selected' : ''}`}
          data-testid={testids ? 'shared-store' : undefined}
          role="button"
          tabIndex={0}
          aria-label="The shared store (Redis). Show its state."
          onClick={() => pick(storeTarget.id)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' || e.key === ' ') {
              e.preventDefault();
              e.stopPropagation();
              pick(storeTarget.id);
            }
          }}
        >
          <rect
            className="box store-box"
            x={geo.store.x}
            y={geo.store.y}
            width={geo.store.w}
            height={geo.store.h}
            rx={10}
          />
          <text className="box-title" x={geo.store.x + 10} y={geo.store.y + 20}>
            Shared counter
          </text>
          <text className="box-sub" x={geo.store.x + 10} y={geo.store.y + 36}>
            Redis
            {run.scenario.store.latencySeconds > 0
              ? ` · ${run.scenario.store.latencySeconds * 1000} ms away`
              : ''}
          </text>
          {isDown(run, now) && (
            <text className="box-down" x={geo.store.x + 10} y={geo.store.y + 52}>
              unreachable
            </text>
          )}
          {(() => {
            const v = run.views(storeTarget.id, now, 1)[0];
            const gy = 56;
            return (
              <g transform={`translate(${geo.store.x + 2},${geo.store.y + gy})`}>
                {v ? (
                  <StateGlyph view={v} now={now} w={geo.store.w - 4} h={64} />
                ) : (
                  <text className="sv-sub" x={8} y={30}>
                    empty
                  </text>
                )}
              </g>
            );
          })()}
        </g>
      )}
    </>
  );
}

function isDown(run: LabRun, t: number): boolean {
  return run.scenario.store.outages.some((o) => t >= o.from && t < o.to);
}

/** Static parts of the scene: links, clients, the balancer (re-rendered only per run/layout). */
const Backdrop = memo(function Backdrop({ geo }: { geo: Geometry }) {
  const { lbBox } = geo;
  return (
    <>
      <g className="links" aria-hidden>
        {geo.clients.map((c, k) =>
          geo.narrow ? (
            <path key={k} d={`M${c.x},${c.y + 34}L${geo.lb.x},${lbBox.y}`} />
          ) : (
            <path key={k} d={`M${c.x + 16},${c.y}L${lbBox.x},${geo.lb.y}`} />
          ),
        )}
        {geo.servers.map((s, k) =>
          geo.narrow ? (
            <path key={k} d={`M${geo.lb.x},${lbBox.y + lbBox.h}L${s.c.x},${s.y}`} />
          ) : (
            <path key={k} d={`M${lbBox.x + lbBox.w},${geo.lb.y}L${s.x},${s.c.y}`} />
          ),
        )}
        {geo.store &&
          geo.servers.map((s, k) =>
            geo.narrow ? (
              <path
                key={k}
                className="store-link"
                d={`M${s.c.x},${s.y + s.h}L${geo.storeAt[k]!.x},${geo.storeAt[k]!.y}`}
              />
            ) : (
              <path
                key={k}
                className="store-link"
                d={`M${s.x + s.w},${s.c.y}L${geo.store!.x},${geo.store!.c.y}`}
              />
            ),
          )}
      </g>
      <g className="clients" aria-hidden>
        {geo.clients.map((c, k) => (
          <g key={k} transform={`translate(${c.x},${c.y})`}>
            <circle className="client" r={15} style={{ stroke: tenantHue(k) }} />
            <path
              className="client-icon"
              d="M0,-8a4,4 0 1,0 0.01,0M-7,9a7,6 0 0,1 14,0"
              style={{ fill: tenantHue(k) }}
            />
            <text className="box-sub" y={geo.narrow ? -22 : 30} textAnchor="middle">
              {geo.clientLabels[k]}
            </text>
          </g>
        ))}
      </g>
      <g className="lb" aria-hidden>
        <rect className="box" x={lbBox.x} y={lbBox.y} width={lbBox.w} height={lbBox.h} rx={8} />
        {geo.narrow ? (
          <text className="box-title" x={geo.lb.x} y={geo.lb.y + 5} textAnchor="middle">
            Load balancer
          </text>
        ) : (
          <>
            <text className="box-title" x={geo.lb.x} y={geo.lb.y - 3} textAnchor="middle">
              Load
            </text>
            <text className="box-title" x={geo.lb.x} y={geo.lb.y + 14} textAnchor="middle">
              balancer
            </text>
          </>
        )}
      </g>
    </>
  );
});

/** Narrow layout when the lane is narrower than NARROW_BELOW (observed, not read per frame). */
function useNarrow(ref: RefObject<HTMLElement | null>): boolean {
  const [narrow, setNarrow] = useState(
    () => typeof window !== 'undefined' && window.innerWidth < NARROW_BELOW + 40,
  );
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver((entries) => {
      const w = entries[0]?.contentRect.width ?? 0;
      if (w > 0) setNarrow(w < NARROW_BELOW);
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return narrow;
}

export function Lane({
  run,
  lane,
  primary,
}: {
  run: LabRun;
  lane: 'main' | 'compare';
  primary: boolean;
}) {
  const section = useRef<HTMLElement>(null);
  const narrow = useNarrow(section);
  const geo = useMemo(() => geometry(run, narrow), [run, narrow]);
  const dots = useRef<HTMLCanvasElement>(null);
  useLayoutEffect(() => {
    const c = dots.current;
    if (!c) return;
    const d = makeDotDrawer(c, run, geo);
    // The canvas size comes from a ResizeObserver: the per-frame drawer never reads layout.
    const ro =
      typeof ResizeObserver !== 'undefined'
        ? new ResizeObserver((entries) => {
            const r = entries[0]?.contentRect;
            if (r) {
              d.resize(r.width, r.height);
              d.draw(labStore.getState().now);
            }
          })
        : null;
    ro?.observe(c);
    const off = addDrawer(d.draw);
    return () => {
      off();
      ro?.disconnect();
    };
  }, [run, geo]);
  const title = LANE_LABEL[run.scenario.placement] ?? run.scenario.placement;
  return (
    <section
      ref={section}
      className={`lane lane-${run.shared ? 'shared' : 'local'}`}
      aria-label={title}
      data-testid={`lane-${lane}`}
    >
      <header className="lane-head">
        <h2>{title}</h2>
        <Counts run={run} testids={primary} />
      </header>
      <div className="scene-wrap">
        <svg
          className={`scene${geo.narrow ? ' narrow' : ''}`}
          viewBox={`0 0 ${geo.w} ${geo.h}`}
          role="group"
          aria-label={`${title}: clients, load balancer, servers${run.shared ? ', shared store' : ''}`}
        >
          <Backdrop geo={geo} />
          <LiveStates run={run} geo={geo} testids={primary} lane={lane} />
        </svg>
        <canvas ref={dots} className="dots" aria-hidden data-testid={`dots-${lane}`} />
      </div>
      <DecisionStrip run={run} lane={lane} />
    </section>
  );
}
