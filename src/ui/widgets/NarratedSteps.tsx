import { useCallback, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import type { NarratedStep, StepsSpec } from '../../core/content/steps';
import { useStepPredict } from './useStepPredict';
import { subscribeWidgetPredict, widgetPredictPending } from './widgetStages';
import './predict.css';
import './steps.css';

const fmtTime = (t: number): string => `${Number(t.toFixed(t < 10 ? 2 : 1))} s`;

/** The scene state a step names, as short labels: time, request, server, key, lane. */
function stateLabels(s: NarratedStep, twoLanes: boolean): string[] {
  const out = [`t = ${fmtTime(s.at)}`];
  if (s.request !== undefined) out.push(`request #${s.request}`);
  if (s.server !== undefined) out.push(`server ${s.server}`);
  if (s.key !== undefined) out.push(`key ${s.key}`);
  if (twoLanes && s.lane !== undefined) out.push(s.lane === 2 ? 'right lane' : 'left lane');
  return out;
}

/**
 * Narrated steps: one caption at a time, walked with Back/Next, the arrow keys, Home and End.
 * Each step names a scene state (time, highlighted request, server or store key) of the lab
 * widget it narrates; `onStep` tells a scene to move there (the live scene plugs in here).
 * Back and Next at the ends are aria-disabled rather than disabled, so a keyboard user who
 * reaches the last step keeps focus inside the widget. While the lab widget they narrate still
 * asks for a prediction, the captions stay hidden: a step moves the scene, which shows it. After
 * that, a step whose caption states an outcome asks its own prediction first (useStepPredict).
 */
export function NarratedSteps({
  spec,
  labId,
  twoLanes = false,
  onStep,
}: {
  spec: StepsSpec;
  /** Element id of the lab widget these steps narrate (`lab-2`). */
  labId?: string;
  twoLanes?: boolean;
  onStep?: (step: NarratedStep, index: number) => void;
}) {
  const [at, setAt] = useState(0);
  const pending = useSyncExternalStore(
    subscribeWidgetPredict,
    () => !!labId && widgetPredictPending(labId),
    () => false,
  );
  const n = spec.steps.length;
  const show = useCallback((k: number) => onStep?.(spec.steps[k]!, k), [onStep, spec.steps]);
  const sp = useStepPredict(labId, spec.steps, at, pending, show);
  const go = (i: number) => {
    const k = Math.max(0, Math.min(n - 1, i));
    setAt(k);
    // A step that asks first moves the scene once answered.
    if (sp.asks(k)) return;
    if (pending) sp.shown(k);
    show(k);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const to: Record<string, number> = {
      ArrowRight: at + 1,
      ArrowDown: at + 1,
      ArrowLeft: at - 1,
      ArrowUp: at - 1,
      Home: 0,
      End: n - 1,
    };
    if (e.altKey || e.ctrlKey || e.metaKey || !(e.key in to)) return;
    e.preventDefault();
    go(to[e.key]!);
  };
  const step = spec.steps[at]!;
  const title = spec.title ?? 'Step by step';
  return (
    <section
      className={`widget card steps-widget${pending || sp.hidden ? ' predict-pending' : ''}`}
      aria-label={`${title}: narrated steps`}
      data-testid="steps"
      onKeyDown={onKeyDown}
    >
      <header className="widget-caption">
        <span className="widget-kind">Step by step</span>
        <strong className="widget-title">{title}</strong>
        {labId && (
          <button
            type="button"
            className="steps-to-lab"
            onClick={() => document.getElementById(labId)?.scrollIntoView({ block: 'start' })}
          >
            Show the lab
          </button>
        )}
      </header>
      <div className="steps-current" data-testid="step-current" data-step={at + 1}>
        <p className="steps-count">
          Step {at + 1} of {n}
        </p>
        {pending && (
          <p className="steps-predict muted" data-testid="steps-predict">
            Make your prediction in the lab above first, or press Next to be shown.
          </p>
        )}
        {!pending && sp.node}
        <p
          data-spoiler
          className="steps-caption"
          aria-live="polite"
          aria-atomic="true"
          data-testid="step-caption"
        >
          {step.caption}
        </p>
        <ul className="steps-state" aria-label="Scene at this step" data-spoiler>
          {stateLabels(step, twoLanes).map((l) => (
            <li key={l} data-testid="step-state">
              {l}
            </li>
          ))}
        </ul>
      </div>
      <div className="steps-controls">
        <button
          type="button"
          className="button"
          onClick={() => go(at - 1)}
          aria-disabled={at === 0}
          data-testid="step-back"
        >
          ← Back
        </button>
        <ol className="steps-dots" aria-label="Steps">
          {spec.steps.map((s, i) => (
            <li key={i}>
              <button
                type="button"
                className="steps-dot"
                aria-current={i === at ? 'step' : undefined}
                aria-label={`Step ${i + 1}, ${fmtTime(s.at)}`}
                onClick={() => go(i)}
              >
                {i + 1}
              </button>
            </li>
          ))}
        </ol>
        <button
          type="button"
          className="button primary"
          onClick={() => go(at + 1)}
          aria-disabled={at === n - 1}
          data-testid="step-next"
        >
          Next →
        </button>
      </div>
      <p className="steps-keys muted small">
        Arrow keys step through; Home and End jump to the ends.
      </p>
    </section>
  );
}
