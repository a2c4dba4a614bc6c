// One lane of the scene: its title and counts, the SVG elements (links, clients, balancer,
// servers, store), the canvas of moving dots over them, and the decision strip below.
import { useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { LabRun } from '../../../core/lab/labRun';
import { placementLabel } from '../../../core/production/labels';
import { labStore, type Lane as LaneId } from '../../../store/labStore';
import { addDrawer } from '../useLab';
import { Balancer } from './Balancer';
import { Clients } from './Clients';
import { Counts } from './Counts';
import { DecisionStrip } from './DecisionStrip';
import { geometry, NARROW_BELOW } from './geometry';
import { Links } from './Links';
import { makeDotPainter } from './painter';
import { Replica } from './Replica';
import { makeReplicaPainter } from './replicaPainter';
import { ServerBadges } from './ServerBadges';
import { Servers } from './Servers';
import { Store } from './Store';

/** A canvas over the scene drawn every frame by `make`'s painter (sized by a ResizeObserver). */
function usePainter(
  ref: RefObject<HTMLCanvasElement | null>,
  make: (
    c: HTMLCanvasElement,
  ) => { draw: (now: number) => void; resize: (w: number, h: number) => void } | null,
  deps: unknown[],
): void {
  useLayoutEffect(() => {
    const c = ref.current;
    if (!c) return;
    const d = make(c);
    if (!d) return;
    // The canvas size comes from a ResizeObserver: the per-frame painter never reads layout.
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
    // the painter depends on exactly `deps`
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
}

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

export function Lane({ run, lane, primary }: { run: LabRun; lane: LaneId; primary: boolean }) {
  const section = useRef<HTMLElement>(null);
  const narrow = useNarrow(section);
  const geo = useMemo(() => geometry(run, narrow), [run, narrow]);
  const dots = useRef<HTMLCanvasElement>(null);
  const stream = useRef<HTMLCanvasElement>(null);
  usePainter(dots, (c) => makeDotPainter(c, run, geo), [run, geo]);
  usePainter(stream, (c) => (geo.replica ? makeReplicaPainter(c, run, geo) : null), [run, geo]);
  const title = placementLabel(run.scenario);
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
      <DecisionStrip run={run} lane={lane} />
    </section>
  );
}
