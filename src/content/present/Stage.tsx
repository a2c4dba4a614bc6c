// What the projector shows for one deck step, sized for a room. Phase 1 draws each step's scene
// state from the engine's run (counts decided by the step's time, every request with its
// outcome, the highlighted request, key or server) and links into the lab at that moment; phase 2
// swaps `SceneStage` for the live lab scene and `RaceStage` for the race scheduler, with the
// same props.
import type { Deck, DeckStep, Highlight, ScheduleTurn } from '../../core/content/deck';
import { countsAt, type SceneLane, type SceneRequest } from '../../core/content/deckScene';
import { encodeShare } from '../../core/share';
import { OUTCOME_LABEL, OutcomeShape } from '../../ui/widgets/OutcomeChip';
import { deckScene, deckScript } from './decks';

export const fmtSeconds = (t: number): string => `${Number(t.toFixed(2))} s`;

export function labLink(scenario: Record<string, unknown>, time: number | null): string {
  return `#/lab?scenario=${encodeShare(scenario)}${time === null ? '' : `&t=${time}`}`;
}

export function editorLink(
  script: { source: string; template: string | null; keys: string[]; args: string[] },
  mode: 'script' | 'app',
): string {
  if (script.template && mode === 'script') return `#/editor?template=${script.template}`;
  return `#/editor?s=${encodeShare({
    v: 1,
    template: script.template ?? 'get-then-set',
    source: script.source,
    keys: script.keys,
    args: script.args,
    mode,
  })}`;
}

const hit = (h: Highlight | null, q: SceneRequest): boolean =>
  !!h &&
  ((h.kind === 'request' && h.request === q.n) ||
    (h.kind === 'key' && h.key === q.key) ||
    (h.kind === 'server' && h.server === q.server));

/** Most request chips drawn per lane on the stage; the counts always cover every request. */
const MAX_CHIPS = 24;

function LaneView({
  lane,
  time,
  highlight,
}: {
  lane: SceneLane;
  time: number | null;
  highlight: Highlight | null;
}) {
  const c = countsAt(lane, time);
  const many = lane.requests.length > MAX_CHIPS;
  const shown = many
    ? lane.requests.filter((q) => hit(highlight, q)).slice(0, MAX_CHIPS)
    : lane.requests;
  return (
    <section className="stage-lane" data-testid="stage-lane">
      {lane.label && <h2 className="stage-lane-label">{lane.label}</h2>}
      <dl className="stage-counts">
        <div className="stage-count count-allowed">
          <dt>admitted</dt>
          <dd data-testid="stage-number">{c.allowed}</dd>
        </div>
        <div className="stage-count count-denied">
          <dt>denied (429)</dt>
          <dd data-testid="stage-number">{c.denied}</dd>
        </div>
        {c.unavailable > 0 && (
          <div className="stage-count count-unavailable">
            <dt>unavailable (503)</dt>
            <dd data-testid="stage-number">{c.unavailable}</dd>
          </div>
        )}
        {c.bypass > 0 && (
          <div className="stage-count count-bypass">
            <dt>bypassed</dt>
            <dd data-testid="stage-number">{c.bypass}</dd>
          </div>
        )}
      </dl>
      <p className="stage-decided">
        {c.decided} of {c.total} requests decided
        {time === null ? '' : ` by ${fmtSeconds(time)}`}
      </p>
      {shown.length > 0 && (
        <ol className="stage-chips" aria-label="Requests">
          {shown.map((q) => {
            const decided = time === null || q.decidedAt <= time;
            const arrived = time === null || q.at <= time;
            return (
              <li
                key={q.n}
                className={`stage-chip outcome-${q.outcome}${decided ? '' : arrived ? ' pending' : ' future'}${hit(highlight, q) ? ' highlighted' : ''}`}
                data-testid="stage-chip"
                data-highlighted={hit(highlight, q) || undefined}
              >
                <span className="stage-chip-shape">
                  {decided ? (
                    <OutcomeShape outcome={q.outcome} size={40} />
                  ) : (
                    <svg width="40" height="40" viewBox="0 0 14 14" aria-hidden="true">
                      <circle
                        cx="7"
                        cy="7"
                        r="5"
                        fill="none"
                        stroke="currentColor"
                        strokeDasharray="2 2"
                      />
                    </svg>
                  )}
                </span>
                <span className="stage-chip-text">#{q.n}</span>
                <span className="stage-chip-text">{fmtSeconds(q.at)}</span>
                {q.server && <span className="stage-chip-text">{q.server}</span>}
                <span className="visually-hidden">
                  {decided ? OUTCOME_LABEL[q.outcome] : arrived ? 'on its way' : 'not sent yet'}
                </span>
              </li>
            );
          })}
        </ol>
      )}
      {many && (
        <p className="stage-decided">
          {lane.requests.length} requests: the counts above cover all of them.
        </p>
      )}
    </section>
  );
}

function Callout({
  lanes,
  highlight,
  time,
}: {
  lanes: SceneLane[];
  highlight: Highlight;
  time: number | null;
}) {
  if (highlight.kind !== 'request')
    return (
      <p className="stage-callout" data-testid="stage-callout">
        Look at {highlight.kind} {highlight.kind === 'key' ? highlight.key : highlight.server}
      </p>
    );
  return (
    <p className="stage-callout" data-testid="stage-callout">
      Request #{highlight.request}
      {lanes.map((l, k) => {
        const q = l.requests.find((r) => r.n === highlight.request);
        if (!q) return null;
        const decided = time === null || q.decidedAt <= time;
        return (
          <span key={k} className="stage-callout-part">
            {l.label ? `${l.label}: ` : ''}
            at {fmtSeconds(q.at)}
            {q.server ? ` on ${q.server}` : ''},{' '}
            {decided
              ? `${OUTCOME_LABEL[q.outcome]}${q.retryAfterSeconds !== null && q.retryAfterSeconds >= 0 ? `, Retry-After ${q.retryAfterSeconds} s` : ''}`
              : 'not decided yet'}
          </span>
        );
      })}
    </p>
  );
}

export function SceneStage({ deck, step }: { deck: Deck; step: DeckStep }) {
  const v = step.view;
  if (v.kind !== 'scene') return null;
  const scene = deckScene(deck, v.scenario);
  if (scene instanceof Error)
    return (
      <p className="notice error" role="alert">
        This step&apos;s scenario could not run: {scene.message}
      </p>
    );
  return (
    <div className="stage-scene" data-view="scene">
      <div className="stage-meta">
        {scene.title && <span className="stage-scene-title">{scene.title}</span>}
        <span className="stage-time" data-testid="stage-time">
          t = {v.time === null ? 'end' : fmtSeconds(v.time)}
        </span>
        <a
          className="stage-link"
          href={labLink(scene.lanes[0]!.scenario, v.time)}
          target="_blank"
          rel="noopener"
          data-testid="stage-open-lab"
        >
          Open this moment in the lab
        </a>
      </div>
      <div className={`stage-lanes${scene.lanes.length > 1 ? ' two' : ''}`}>
        {scene.lanes.map((l, k) => (
          <LaneView key={k} lane={l} time={v.time} highlight={v.highlight} />
        ))}
      </div>
      {v.highlight && <Callout lanes={scene.lanes} highlight={v.highlight} time={v.time} />}
    </div>
  );
}

export function scheduleText(turns: ScheduleTurn[]): string[] {
  return turns.map((t, i) =>
    t.crash
      ? `${i + 1}. app server ${t.request} crashes`
      : `${i + 1}. app server ${t.request} takes its next round trip`,
  );
}

function CodeStage({
  deck,
  step,
  code,
  children,
}: {
  deck: Deck;
  step: DeckStep;
  code: string;
  children?: React.ReactNode;
}) {
  const script = deckScript(deck, code);
  if (!script)
    return (
      <p className="notice error" role="alert">
        This step names a script that this build does not have: {code}
      </p>
    );
  const lines = script.source.split('\n');
  return (
    <div className="stage-code" data-view={step.view.kind}>
      <pre className={`stage-source${lines.length > 18 ? ' long' : ''}`} data-testid="stage-source">
        <code>{script.source}</code>
      </pre>
      <div className="stage-code-side">{children}</div>
    </div>
  );
}

export function RaceStage({ deck, step }: { deck: Deck; step: DeckStep }) {
  const v = step.view;
  if (v.kind !== 'race') return null;
  const script = deckScript(deck, v.code);
  return (
    <CodeStage deck={deck} step={step} code={v.code}>
      <h2 className="stage-side-title">The schedule</h2>
      <ol className="stage-schedule" data-testid="stage-schedule">
        {scheduleText(v.schedule).map((t, i) => (
          <li key={i}>{t.replace(/^\d+\. /, '')}</li>
        ))}
      </ol>
      {script && (
        <a className="stage-link" href={editorLink(script, 'app')} target="_blank" rel="noopener">
          Run it as app-server code in the editor
        </a>
      )}
    </CodeStage>
  );
}

export function EditorStage({ deck, step }: { deck: Deck; step: DeckStep }) {
  const v = step.view;
  if (v.kind !== 'editor') return null;
  const script = deckScript(deck, v.code);
  return (
    <CodeStage deck={deck} step={step} code={v.code}>
      {script && (
        <a
          className="stage-link"
          href={editorLink(script, 'script')}
          target="_blank"
          rel="noopener"
          data-testid="stage-open-editor"
        >
          Open it in the editor
        </a>
      )}
    </CodeStage>
  );
}

/** The stage for one step: the scene state (or code), then the caption the room reads. */
export function Stage({ deck, step, total }: { deck: Deck; step: DeckStep; total: number }) {
  const v = step.view;
  return (
    <div className={`stage stage-view-${v.kind}`} data-testid="stage" data-step={step.index + 1}>
      <header className="stage-head">
        <h1 className="stage-step-title" data-testid="stage-title">
          {step.title}
        </h1>
        <span className="stage-position" data-testid="stage-position">
          {step.index + 1} / {total}
        </span>
      </header>
      <div className="stage-body">
        {v.kind === 'scene' && <SceneStage deck={deck} step={step} />}
        {v.kind === 'race' && <RaceStage deck={deck} step={step} />}
        {v.kind === 'editor' && <EditorStage deck={deck} step={step} />}
      </div>
      {step.caption && (
        <p className="stage-caption" data-testid="stage-caption">
          {step.caption}
        </p>
      )}
    </div>
  );
}
