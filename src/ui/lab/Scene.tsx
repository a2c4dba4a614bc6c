// The scene: clients, load balancer, servers and (when shared) the store, with requests as
// dots placed from their event times (fraction = (now - sent) / (received - sent)).
import { useEffect, useMemo, useRef } from 'react';
import type { LabRun } from '../../store/labAdapter';
import { OUTCOMES, viewUsage } from '../../store/labAdapter';
import { hopOf, labStore, LANE_LABEL } from '../../store/labStore';
import { OUTCOME_LABEL, OutcomeGlyph, tenantHue } from './shapes';
import { StateGlyph } from './StateView';
import { addDrawer, useLab } from './useLab';

const W = 600;
const MAX_CLIENTS = 5;
const MAX_DOTS = 800;

interface Pt {
  x: number;
  y: number;
}
interface Geometry {
  h: number;
  clients: Pt[];
  clientLabels: string[];
  lb: Pt;
  servers: { x: number; y: number; w: number; h: number; c: Pt }[];
  store: { x: number; y: number; w: number; h: number; c: Pt } | null;
}

function geometry(run: LabRun): Geometry {
  const n = run.servers.length;
  const h = Math.max(210, 36 + n * 62);
  const shown = Math.min(run.keys.length, MAX_CLIENTS);
  const clients: Pt[] = [];
  const clientLabels: string[] = [];
  for (let k = 0; k < Math.max(1, shown); k++) {
    clients.push({ x: 44, y: (h * (k + 1)) / (Math.max(1, shown) + 1) });
    clientLabels.push(
      k === MAX_CLIENTS - 1 && run.keys.length > MAX_CLIENTS
        ? `+${run.keys.length - MAX_CLIENTS + 1} more`
        : (run.keys[k] ?? 'client'),
    );
  }
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
  return { h, clients, clientLabels, lb, servers, store };
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

type DotKind = 'allowed' | 'denied' | 'unavailable' | 'bypass' | 'outbound' | 'write';
const KINDS: DotKind[] = ['outbound', 'write', 'allowed', 'denied', 'unavailable', 'bypass'];

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

/**
 * Draws the dots of one run on a canvas over the scene (its own layer, so moving dots never
 * repaint the SVG). Positions come from event times only.
 */
function makeDotDrawer(canvas: HTMLCanvasElement, run: LabRun, geo: Geometry) {
  const hop = hopOf(run);
  const span = maxSpan(run);
  const ctx = canvas.getContext('2d');
  const xs: Record<DotKind, number[]> = {
    allowed: [],
    denied: [],
    unavailable: [],
    bypass: [],
    outbound: [],
    write: [],
  };
  const ys: Record<DotKind, number[]> = {
    allowed: [],
    denied: [],
    unavailable: [],
    bypass: [],
    outbound: [],
    write: [],
  };
  const hues: number[] = [];
  let colors = palette(canvas);
  let theme = document.documentElement.dataset.theme;
  let frames = 0;
  const p: Pt = { x: 0, y: 0 };
  const lerp = (a: Pt, b: Pt, f: number) => {
    const k = f < 0 ? 0 : f > 1 ? 1 : f;
    p.x = a.x + (b.x - a.x) * k;
    p.y = a.y + (b.y - a.y) * k;
  };
  const push = (k: DotKind, hue = -1) => {
    xs[k].push(p.x);
    ys[k].push(p.y);
    if (k === 'outbound') hues.push(hue);
  };
  return (now: number) => {
    if (!ctx) return;
    const cw = canvas.clientWidth;
    const ch = canvas.clientHeight;
    const dpr = Math.min(2, window.devicePixelRatio || 1);
    if (canvas.width !== Math.round(cw * dpr) || canvas.height !== Math.round(ch * dpr)) {
      canvas.width = Math.round(cw * dpr);
      canvas.height = Math.round(ch * dpr);
    }
    if (++frames % 30 === 0 && document.documentElement.dataset.theme !== theme) {
      theme = document.documentElement.dataset.theme;
      colors = palette(canvas);
    }
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    if (reducedMotion() || cw === 0) return;
    const sc = (cw / W) * dpr;
    ctx.setTransform(sc, 0, 0, sc, 0, 0);
    for (const k of KINDS) {
      xs[k].length = 0;
      ys[k].length = 0;
    }
    hues.length = 0;
    let n = 0;
    const start = lowerBoundAt(run, now - span - hop);
    for (let j = start; j < run.n && n < MAX_DOTS; j++) {
      const i = run.byArrival[j]!;
      const at = run.at[i]!;
      if (at - hop > now) break;
      const resp = run.respondedAt[i]!;
      const srv = geo.servers[run.serverIx[i]!];
      if (!srv) continue;
      const c = geo.clients[Math.min(run.keyIx[i]!, geo.clients.length - 1)]!;
      const S = srv.c;
      const oc = OUTCOMES[run.outcome[i]!]!;
      // A non-atomic write travels on its own.
      const wa = run.writeArrive[i]!;
      const dec = run.decidedAt[i]!;
      if (!Number.isNaN(wa) && geo.store && now >= dec && now <= wa) {
        lerp(S, geo.store.c, (now - dec) / Math.max(1e-9, wa - dec));
        push('write');
        n++;
      }
      if (now > resp + hop) continue;
      let kind: DotKind = 'outbound';
      if (now < at - hop / 2) lerp(c, geo.lb, (now - (at - hop)) / (hop / 2));
      else if (now < at) lerp(geo.lb, S, (now - (at - hop / 2)) / (hop / 2));
      else {
        const sa = run.storeArrive[i]!;
        const sr = run.storeReply[i]!;
        const atomic = run.scenario.placement !== 'shared-nonatomic';
        if (geo.store && !Number.isNaN(sa) && now < sa)
          lerp(S, geo.store.c, (now - at) / Math.max(1e-9, sa - at));
        else if (geo.store && !Number.isNaN(sr) && now < sr) {
          lerp(geo.store.c, S, (now - sa) / Math.max(1e-9, sr - sa));
          if (atomic) kind = oc;
        } else if (now < resp) {
          p.x = S.x;
          p.y = S.y;
          if (now >= dec) kind = oc;
        } else {
          kind = oc;
          if (now < resp + hop / 2) lerp(S, geo.lb, (now - resp) / (hop / 2));
          else lerp(geo.lb, c, (now - resp - hop / 2) / (hop / 2));
        }
      }
      push(kind, run.keyIx[i]!);
      n++;
    }
    // Read by the perf bench: how many dots this frame drew.
    if (canvas.dataset.inflight !== String(n)) canvas.dataset.inflight = String(n);
    // Batched by style: outbound (client hue), then each outcome shape.
    ctx.lineWidth = 1;
    for (let k = 0; k < xs.outbound.length; k++) {
      ctx.fillStyle = tenantHue(hues[k]!);
      ctx.beginPath();
      ctx.arc(xs.outbound[k]!, ys.outbound[k]!, 4.5, 0, 2 * Math.PI);
      ctx.fill();
    }
    const shape = (kind: DotKind, draw: (x: number, y: number) => void, fill: boolean) => {
      const X = xs[kind];
      if (!X.length) return;
      const Y = ys[kind];
      ctx.beginPath();
      for (let k = 0; k < X.length; k++) draw(X[k]!, Y[k]!);
      if (fill) {
        ctx.fillStyle = colors[kind]!;
        ctx.fill();
      } else {
        ctx.strokeStyle = colors[kind]!;
        ctx.lineWidth = 2.5;
        ctx.stroke();
      }
    };
    shape(
      'allowed',
      (x, y) => {
        ctx.moveTo(x + 6, y);
        ctx.arc(x, y, 6, 0, 2 * Math.PI);
      },
      true,
    );
    shape('denied', (x, y) => ctx.rect(x - 5.2, y - 5.2, 10.4, 10.4), true);
    shape(
      'unavailable',
      (x, y) => {
        ctx.moveTo(x, y - 7.2);
        ctx.lineTo(x + 6.8, y + 5.2);
        ctx.lineTo(x - 6.8, y + 5.2);
        ctx.closePath();
      },
      true,
    );
    shape(
      'bypass',
      (x, y) => {
        ctx.moveTo(x + 5.5, y);
        ctx.arc(x, y, 5.5, 0, 2 * Math.PI);
      },
      false,
    );
    shape(
      'write',
      (x, y) => {
        ctx.moveTo(x, y - 5);
        ctx.lineTo(x + 5, y);
        ctx.lineTo(x, y + 5);
        ctx.lineTo(x - 5, y);
        ctx.closePath();
      },
      false,
    );
  };
}

function Counts({ run, testids }: { run: LabRun; testids: boolean }) {
  // Re-render only when a decision lands, not every frame.
  const decided = useLab((s) => run.decidedBy(s.shownNow));
  const c = run.countsAt(decided === 0 ? -1 : run.decidedAt[run.byDecision[decided - 1]!]!);
  const total = run.countsAt(Infinity);
  return (
    <dl className="lane-counts">
      <div className="count o-allowed">
        <dt>
          <OutcomeGlyph outcome="allowed" size={16} /> admitted
        </dt>
        <dd>
          <span data-testid={testids ? 'allowed-count' : undefined}>{c.allowed}</span>
        </dd>
        {total.bypass > 0 && <dd className="count-sub">{c.bypass} bypassed the limiter</dd>}
      </div>
      <div className="count o-denied">
        <dt>
          <OutcomeGlyph outcome="denied" size={16} /> 429
        </dt>
        <dd>
          <span data-testid={testids ? 'denied-count' : undefined}>{c.denied}</span>
        </dd>
      </div>
      {total.unavailable > 0 && (
        <div className="count o-unavailable">
          <dt>
            <OutcomeGlyph outcome="unavailable" size={16} /> 503
          </dt>
          <dd>{c.unavailable}</dd>
        </div>
      )}
      <div className="count o-total">
        <dt>decided</dt>
        <dd>
          {c.decided}
          <small> / {run.n}</small>
        </dd>
      </div>
    </dl>
  );
}

function DecisionStrip({ run, lane }: { run: LabRun; lane: 'main' | 'compare' }) {
  const decided = useLab((s) => run.decidedBy(s.shownNow));
  const selected = useLab((s) => (s.selectedLane === lane ? s.selected : null));
  const from = Math.max(0, decided - 30);
  const items: number[] = [];
  for (let j = from; j < decided; j++) items.push(run.byDecision[j]!);
  return (
    <div className="strip-wrap">
      <ol className="decision-strip" aria-label="Decisions so far, oldest first" start={from + 1}>
        {from > 0 && <li className="strip-more">… {from} earlier</li>}
        {items.map((i) => {
          const oc = OUTCOMES[run.outcome[i]!]!;
          const server = run.servers[run.serverIx[i]!];
          return (
            <li key={i}>
              <button
                type="button"
                className="strip-item"
                aria-pressed={selected === i}
                aria-label={`Request ${i + 1} via server ${server}: ${OUTCOME_LABEL[oc]}`}
                onClick={() => labStore.getState().select(i, lane)}
              >
                <OutcomeGlyph outcome={oc} size={16} />
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

function LiveStates({ run, geo, testids }: { run: LabRun; geo: Geometry; testids: boolean }) {
  const now = useLab((s) => s.shownNow);
  const selectedTarget = useLab((s) => s.selectedTarget);
  const nonatomic = run.scenario.placement === 'shared-nonatomic';
  const pick = (id: string) => labStore.getState().selectTarget(id);
  const storeTarget = run.targets.find((t) => t.kind === 'store');
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
            <text className="box-title" x={b.x + 36} y={b.y + 20}>
              Server {name}
            </text>
            {local && (
              <g transform={`translate(${b.x + 120},${b.y + 3})`}>
                {views[0] ? (
                  <StateGlyph view={views[0]} now={now} w={b.w - 124} h={b.h - 6} />
                ) : (
                  <text className="sv-sub" x={4} y={b.h / 2}>
                    own counter: empty
                  </text>
                )}
              </g>
            )}
            {!local && (
              <text className="box-sub" x={b.x + 36} y={b.y + 38}>
                {read ?? (fb ? 'asks the store · has fallback' : 'asks the store')}
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
            return (
              <g transform={`translate(${geo.store.x + 2},${geo.store.y + 56})`}>
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

export function Lane({
  run,
  lane,
  primary,
}: {
  run: LabRun;
  lane: 'main' | 'compare';
  primary: boolean;
}) {
  const geo = useMemo(() => geometry(run), [run]);
  const dots = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const c = dots.current;
    if (!c) return;
    return addDrawer(makeDotDrawer(c, run, geo));
  }, [run, geo]);
  const title = LANE_LABEL[run.scenario.placement] ?? run.scenario.placement;
  const linkPaths = geo.servers.map((s) => `M${geo.lb.x + 40},${geo.lb.y}L${s.x},${s.c.y}`);
  return (
    <section
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
          className="scene"
          viewBox={`0 0 ${W} ${geo.h}`}
          role="group"
          aria-label={`${title}: clients, load balancer, servers${run.shared ? ', shared store' : ''}`}
        >
          <g className="links" aria-hidden>
            {geo.clients.map((c, k) => (
              <path key={k} d={`M${c.x + 16},${c.y}L${geo.lb.x - 40},${geo.lb.y}`} />
            ))}
            {linkPaths.map((d, k) => (
              <path key={k} d={d} />
            ))}
            {geo.store &&
              geo.servers.map((s, k) => (
                <path
                  key={k}
                  className="store-link"
                  d={`M${s.x + s.w},${s.c.y}L${geo.store!.x},${geo.store!.c.y}`}
                />
              ))}
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
                <text className="box-sub" y={30} textAnchor="middle">
                  {geo.clientLabels[k]}
                </text>
              </g>
            ))}
          </g>
          <g className="lb" aria-hidden>
            <rect
              className="box"
              x={geo.lb.x - 40}
              y={geo.lb.y - 24}
              width={80}
              height={48}
              rx={8}
            />
            <text className="box-title" x={geo.lb.x} y={geo.lb.y - 3} textAnchor="middle">
              Load
            </text>
            <text className="box-title" x={geo.lb.x} y={geo.lb.y + 14} textAnchor="middle">
              balancer
            </text>
          </g>
          <LiveStates run={run} geo={geo} testids={primary} />
        </svg>
        <canvas ref={dots} className="dots" aria-hidden data-testid={`dots-${lane}`} />
      </div>
      <DecisionStrip run={run} lane={lane} />
    </section>
  );
}
