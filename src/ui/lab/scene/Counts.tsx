// A lane's counts: admitted (the limiter's own), bypass (failing open, only when it
// happened), 429, 503 (only when it happened), the admissions over the limit (only where one
// shared counter would have refused some) and decided so far. The numbers change with
// nearly every frame at speed, so a drawer writes them (text data, only when a decision
// lands), never a React render. The rows that show only when something happens in the run
// (bypass, 503, over the limit) are spoilers while a prediction is open (`data-spoiler`).
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { LabRun } from '../../../core/lab/labRun';
import type { OverLimit } from '../../../core/lab/moments';
import { OutcomeGlyph } from '../shapes';
import { addDrawer, useStage } from '../useLab';

/** How many of the admissions over the limit are decided by `now`. */
function overBy(run: LabRun, over: OverLimit, now: number): number {
  let k = 0;
  for (const i of over.requests) if (run.decidedAt[i]! <= now) k++;
  return k;
}

export function Counts({
  run,
  testids,
  over,
}: {
  run: LabRun;
  testids: boolean;
  over: OverLimit | null;
}) {
  const stage = useStage();
  const total = useMemo(() => run.countsAt(Infinity), [run]);
  const overEl = useRef<HTMLSpanElement>(null);
  const allowed = useRef<HTMLSpanElement>(null);
  const bypass = useRef<HTMLSpanElement>(null);
  const denied = useRef<HTMLSpanElement>(null);
  const unavailable = useRef<HTMLSpanElement>(null);
  const decided = useRef<HTMLSpanElement>(null);
  // The numbers at the first render, so markup drawn without effects (the build-time first
  // view, src/app/vitePluginFirstView.ts) shows them too. Never changed: React then leaves the
  // text to the drawer.
  const [first] = useState(() => {
    const now = stage.store.getState().now;
    return { ...run.countsAt(now), over: over ? overBy(run, over, now) : 0 };
  });
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
    return addDrawer(stage, (now, coarse) => {
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
      if (over) put(overEl.current, overBy(run, over, now));
    });
  }, [run, stage, over]);
  const tid = (id: string) => (testids ? id : undefined);
  return (
    <dl className="lane-counts">
      <div className="count o-allowed">
        <dt>
          <OutcomeGlyph outcome="allowed" size={16} /> admitted
        </dt>
        <dd>
          <span ref={allowed} className="num" style={num} data-testid={tid('allowed-count')}>
            {first.allowed}
          </span>
        </dd>
      </div>
      {total.bypass > 0 && (
        <div className="count o-bypass" data-spoiler>
          <dt title="Admitted without a decision: the store failed and the service fails open">
            <OutcomeGlyph outcome="bypass" size={16} /> bypass
          </dt>
          <dd>
            <span ref={bypass} className="num" style={num} data-testid={tid('bypass-count')}>
              {first.bypass}
            </span>
          </dd>
        </div>
      )}
      <div className="count o-denied">
        <dt>
          <OutcomeGlyph outcome="denied" size={16} /> 429
        </dt>
        <dd>
          <span ref={denied} className="num" style={num} data-testid={tid('denied-count')}>
            {first.denied}
          </span>
        </dd>
      </div>
      {total.unavailable > 0 && (
        <div className="count o-unavailable" data-spoiler>
          <dt>
            <OutcomeGlyph outcome="unavailable" size={16} /> 503
          </dt>
          <dd>
            <span ref={unavailable} className="num" style={num}>
              {first.unavailable}
            </span>
          </dd>
        </div>
      )}
      {over && over.requests.length > 0 && (
        <div
          className="count o-over"
          data-spoiler
          title="Admitted here, refused by one shared counter with the same policy on the same requests"
        >
          <dt>over the limit of {over.quota}</dt>
          <dd>
            <span ref={overEl} className="num" style={num} data-testid="over-count">
              {first.over}
            </span>
          </dd>
        </div>
      )}
      <div className="count o-total">
        <dt>decided</dt>
        <dd>
          <span ref={decided} className="num" style={{ ...num, textAlign: 'right' }}>
            {first.decided}
          </span>
          <small> / {run.n}</small>
        </dd>
      </div>
    </dl>
  );
}
