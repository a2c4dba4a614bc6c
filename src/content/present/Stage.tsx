// What the projector shows for one deck step, sized for a room: a scene step is the live lab
// scene at the step's time with its highlight (DeckLive.tsx), a race step the race scheduler
// playing the step's schedule turn by turn (a race step that asks first plays it once answered,
// useRacePredict.tsx), an editor step the script, large, and the editor
// opened on it (E, or the button).
import { useLayoutEffect, useRef, useState } from 'react';
import type { Deck, DeckStep, ScheduleTurn } from '../../core/content/deck';
import { labLinkOf } from '../../store/labLink';
import type { Stage as LabStage } from '../../ui/lab/useLab';
import { encodeShare } from '../../core/share';
import { fmtSeconds, LiveSceneStep, RaceStep, sceneTitle } from './DeckLive';
import { deckScript } from './decks';
import { useDeckPredict, type RoomPredict } from './useDeckPredict';
import { useRacePredict } from './useRacePredict';

export { fmtSeconds };

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
          Open it in the editor (E)
        </a>
      )}
    </CodeStage>
  );
}

/**
 * The step's view in the height left after the head and the caption: drawn at its own size
 * (centred) when it fits, scaled down as a whole when it does not, so the projector never
 * scrolls. The scale is measured on every resize of the window or of the view.
 */
function FitBox({ children }: { children: React.ReactNode }) {
  const outer = useRef<HTMLDivElement>(null);
  const inner = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const o = outer.current;
    const i = inner.current;
    if (!o || !i) return;
    const fit = () => {
      const room = o.clientHeight;
      const natural = i.offsetHeight;
      const s = natural > room && natural > 0 ? room / natural : 1;
      i.style.transform = s < 1 ? `scale(${s})` : '';
      i.style.top = s < 1 ? '0' : `${Math.max(0, (room - natural) / 2)}px`;
      o.dataset.scale = String(Math.round(s * 1000) / 1000);
    };
    fit();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(fit);
    ro.observe(o);
    ro.observe(i);
    return () => ro.disconnect();
  }, []);
  return (
    <div ref={outer} className="stage-fit" data-testid="stage-fit">
      <div ref={inner} className="stage-fit-inner">
        {children}
      </div>
    </div>
  );
}

/** The stage for one step: the scene state (or code), then the caption the room reads. */
export function Stage({
  deck,
  step,
  total,
  turn = 0,
  room,
  advance,
}: {
  deck: Deck;
  step: DeckStep;
  total: number;
  /** Round trips of a race step's schedule played so far. */
  turn?: number;
  /** In a live room: the room answers the step's predict prompt. */
  room?: RoomPredict;
  /** Plays a race step's next round trip in the deck's position (the projector's own deck). */
  advance?: () => void;
}) {
  const v = step.view;
  const live = useRef<LabStage | null>(null);
  const [labStage, setLabStage] = useState<LabStage | null>(null);
  const [raceEnded, setRaceEnded] = useState(false);
  const scene = useDeckPredict(deck, step, labStage, room);
  const race = useRacePredict({ deck, step, turn, room, advance, ended: raceEnded });
  const predict = v.kind === 'race' ? race : scene;
  const result = predict.pending ? null : predict.node;
  // The live scene's exact state (both lanes, time, selection), read when the link is used.
  const fresh = (e: { currentTarget: HTMLAnchorElement }) => {
    if (live.current) e.currentTarget.href = labLinkOf(live.current.store.getState(), null);
  };
  return (
    <div
      className={`stage stage-view-${v.kind}${predict.pending ? ' predict-pending' : ''}`}
      data-testid="stage"
      data-step={step.index + 1}
    >
      <header className="stage-head">
        <h1 className="stage-step-title" data-testid="stage-title">
          {step.title}
        </h1>
        {v.kind === 'race' && result && (
          <div className="stage-scene-title stage-result">{result}</div>
        )}
        {v.kind === 'scene' && (
          <>
            {/* Once answered, the comparison takes the scenario title's line: the scene keeps
                its room-sized height. */}
            {result ? (
              <div className="stage-scene-title stage-result">{result}</div>
            ) : (
              <span className="stage-scene-title">{sceneTitle(deck, v.scenario)}</span>
            )}
            <a
              className="stage-link stage-open-lab"
              href="#/lab"
              onFocus={fresh}
              onPointerEnter={fresh}
              onClick={fresh}
              target="_blank"
              rel="noopener"
              data-testid="stage-open-lab"
            >
              Open in the lab
            </a>
          </>
        )}
        <span className="stage-position" data-testid="stage-position">
          {step.index + 1} / {total}
        </span>
      </header>
      <FitBox>
        {v.kind === 'scene' && (
          <LiveSceneStep
            deck={deck}
            step={step}
            liveRef={live}
            onStage={setLabStage}
            hold={predict.hold}
          />
        )}
        {v.kind === 'race' && (
          <RaceStep
            deck={deck}
            step={step}
            turn={race.turn}
            hold={race.hold}
            onEnd={setRaceEnded}
          />
        )}
        {v.kind === 'editor' && <EditorStage deck={deck} step={step} />}
      </FitBox>
      {predict.pending && predict.node}
      {step.caption && predict.showCaption && (
        <p className="stage-caption" data-testid="stage-caption">
          {step.caption}
        </p>
      )}
    </div>
  );
}
