// One lane of the scene: its title and counts, the SVG elements (links, clients, balancer,
// servers, store), the canvas of moving dots over them, and the decision strip below.
import { useLayoutEffect, useMemo, useRef, useState, type MouseEvent, type RefObject } from 'react';
import type { LabRun } from '../../../core/lab/labRun';
import { placementLabel } from '../../../core/production/labels';
import { hopOf, type Lane as LaneId } from '../../../store/labStore';
import { addDrawer, useStage } from '../useLab';
import { Balancer } from './Balancer';
import { Clients } from './Clients';
import { Counts } from './Counts';
import { DecisionStrip } from './DecisionStrip';
import { geometry, NARROW_BELOW } from './geometry';
import { dotNear } from './journey';
import { Links } from './Links';
import { makeDotPainter } from './painter';
import { Replica } from './Replica';
import { makeReplicaPainter } from './replicaPainter';
import { ServerBadges } from './ServerBadges';
import { Servers } from './Servers';
import { Store } from './Store';
import { WastedNote } from './Wasted';

type Layout = 'narrow' | 'compact' | 'wide';

/** Under this lane width (CSS px) the wide layout is drawn in the room layout's smaller viewBox. */
const COMPACT_BELOW = 640;

function layoutFor(w: number, below: number): Layout {
  return w < below ? 'narrow' : w < COMPACT_BELOW ? 'compact' : 'wide';
}

/**
 * The lane's layout by its width (observed, not read per frame): top to bottom under `below`,
 * the compact left-to-right layout (the room's viewBox: larger text) under 640 px, else wide.
 */
function useLayout(ref: RefObject<HTMLElement | null>, below: number): Layout {
  const [layout, setLayout] = useState<Layout>(() =>
    typeof window !== 'undefined' && window.innerWidth < below + 40 ? 'narrow' : 'wide',
  );
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver((entries) => {
      const w = entries[0]?.contentRect.width ?? 0;
      if (w > 0) setLayout(layoutFor(w, below));
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref, below]);
  return layout;
}

export function Lane({
  run,
  lane,
  primary,
  title: given,
  narrowBelow = NARROW_BELOW,
  room = false,
}: {
  run: LabRun;
  lane: LaneId;
  primary: boolean;
  /** The lane's title (default: its placement's name). */
  title?: string;
  /** Lane width (CSS px) under which the scene reads top to bottom. */
  narrowBelow?: number;
  /** The room layout (a projector's stage). */
  room?: boolean;
}) {
  const stage = useStage();
  const section = useRef<HTMLElement>(null);
  const layout = useLayout(section, narrowBelow);
  const geo = useMemo(
    // A lane narrower than the room's drawing (the presenter on a phone or a split window)
    // reads top to bottom as the lab's does, at its CSS size, rather than shrunk.
    () =>
      layout === 'narrow'
        ? geometry(run, true, false)
        : geometry(run, false, room || layout === 'compact'),
    [run, layout, room],
  );
  const over = run.overLimit;
  const dots = useRef<HTMLCanvasElement>(null);
  useLayoutEffect(() => {
    const c = dots.current;
    if (!c) return;
    const store = stage.store;
    const d = makeDotPainter(c, run, geo, () => {
      const s = store.getState();
      return s.selectedLane === lane ? s.selected : null;
    });
    // The canvas size comes from a ResizeObserver: the per-frame painter never reads layout.
    const ro =
      typeof ResizeObserver !== 'undefined'
        ? new ResizeObserver((entries) => {
            const r = entries[0]?.contentRect;
            if (r) {
              d.resize(r.width, r.height);
              d.draw(store.getState().now);
            }
          })
        : null;
    ro?.observe(c);
    const off = addDrawer(stage, d.draw);
    return () => {
      off();
      ro?.disconnect();
    };
  }, [run, geo, stage, lane]);
  // The replication stream (writes on their way to the replica): its own canvas layer.
  const stream = useRef<HTMLCanvasElement>(null);
  useLayoutEffect(() => {
    const c = stream.current;
    if (!c || !geo.replica) return;
    const store = stage.store;
    const d = makeReplicaPainter(c, run, geo);
    const ro =
      typeof ResizeObserver !== 'undefined'
        ? new ResizeObserver((entries) => {
            const r = entries[0]?.contentRect;
            if (r) {
              d.resize(r.width, r.height);
              d.draw(store.getState().now);
            }
          })
        : null;
    ro?.observe(c);
    const off = addDrawer(stage, d.draw);
    return () => {
      off();
      ro?.disconnect();
    };
  }, [run, geo, stage]);
  const title = given ?? placementLabel(run.scenario);
  // A click on a dot selects its request (the canvas itself takes no pointer events; the
  // click lands on the scene below and is mapped into the layout's coordinates).
  const pickDot = (e: MouseEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    if (box.width === 0) return;
    const k = geo.w / box.width;
    const s = stage.store.getState();
    const i = dotNear(
      run,
      geo,
      s.now,
      hopOf(run),
      (e.clientX - box.left) * k,
      (e.clientY - box.top) * k,
    );
    if (i !== null) {
      if (s.playing) s.pause();
      s.select(i, lane);
    }
  };
  return (
    <section
      ref={section}
      className={`lane lane-${run.shared ? 'shared' : 'local'}`}
      aria-label={title}
      data-testid={`lane-${lane}`}
    >
      <header className="lane-head">
        <h2>{title}</h2>
        <Counts run={run} testids={primary} over={over} />
      </header>
      <div className="scene-wrap" onClick={pickDot}>
        <svg
          className={`scene${geo.narrow ? ' narrow' : ''}${geo.room ? ' room' : ''}`}
          viewBox={`0 0 ${geo.w} ${geo.h}`}
          role="group"
          aria-label={`${title}: clients, load balancer, servers${run.shared ? ', shared store' : ''}${geo.replica ? ' and its replica' : ''}`}
        >
          <Links geo={geo} />
          <Clients geo={geo} />
          <Balancer geo={geo} />
          <Servers run={run} geo={geo} testids={primary} lane={lane} />
          <ServerBadges run={run} geo={geo} testids={primary} lane={lane} />
          <Store run={run} geo={geo} testids={primary} lane={lane} />
          <Replica run={run} geo={geo} testids={primary} lane={lane} />
        </svg>
        {geo.replica && <canvas ref={stream} className="dots" aria-hidden />}
        <canvas ref={dots} className="dots" aria-hidden data-testid={`dots-${lane}`} />
      </div>
      <WastedNote run={run} />
      <DecisionStrip run={run} lane={lane} over={over} />
    </section>
  );
}
