// The scheduler's controls: Undo, Restart, Pause (with its length), "Find a bad schedule for
// me", "Prove it", a share link, Present (puzzles), the keys' help and what is working.
import { scheduleText } from '../../core/races/share';
import { MAX_PAUSE_MS, type SessionState } from '../../core/races/session';
import type { PauseLength } from './pauseLength';
import type { SchedulerView } from './useScheduler';

export function RaceToolbar({
  view,
  pause,
  disabled,
  solver,
  puzzle,
  keysHelp,
  onUndo,
  onRestart,
  onPause,
  onFindBad,
  onProve,
  onShare,
}: {
  view: SchedulerView;
  pause: PauseLength;
  /** Busy or replaying: no move now. */
  disabled: boolean;
  /** Offer "Find a bad schedule for me" and "Prove it". */
  solver: boolean;
  /** A puzzle's slug: Present opens it on the projector. */
  puzzle?: string;
  keysHelp: string;
  onUndo: () => void;
  onRestart: () => void;
  onPause: () => void;
  onFindBad: () => void;
  onProve: () => void;
  onShare: () => void;
}) {
  const st: SessionState | null = view.state;
  return (
    <div className="race-toolbar" role="toolbar" aria-label="Scheduler">
      <button
        type="button"
        className="button"
        onClick={onUndo}
        disabled={disabled || !st?.schedule.length}
        data-testid="race-undo"
        aria-keyshortcuts="U"
      >
        Undo
      </button>
      <button
        type="button"
        className="button"
        onClick={onRestart}
        disabled={!st}
        data-testid="race-restart"
        aria-keyshortcuts="R"
      >
        Restart
      </button>
      <span className="race-pause">
        <button
          type="button"
          className="button"
          onClick={onPause}
          disabled={disabled || !pause.can}
          data-testid="race-pause"
          aria-keyshortcuts="P"
          title="Let time pass on the store's clock: keys whose expiry passes are gone"
        >
          Pause
        </button>{' '}
        <label>
          <input
            type="number"
            min={1}
            max={MAX_PAUSE_MS}
            step={1}
            value={pause.text}
            onChange={(e) => pause.setText(e.currentTarget.value)}
            aria-label="Pause length in milliseconds"
            aria-invalid={!pause.ok}
            data-testid="race-pause-ms"
          />{' '}
          ms
        </label>
      </span>
      {solver && (
        <>
          <button
            type="button"
            className="button"
            onClick={onFindBad}
            disabled={view.proving || view.replaying || !st}
            data-testid="race-find-bad"
          >
            Find a bad schedule for me
          </button>
          <button
            type="button"
            className="button"
            onClick={onProve}
            disabled={view.proving || !st}
            data-testid="race-prove"
          >
            Prove it
          </button>
        </>
      )}
      <button
        type="button"
        className="button"
        onClick={onShare}
        disabled={!st}
        data-testid="race-share"
      >
        Share this ordering
      </button>
      {puzzle && (
        <a
          className="button"
          href={`#/present/race/${puzzle}${st?.schedule.length ? `?schedule=${scheduleText(st.schedule)}` : ''}`}
          data-testid="race-present"
        >
          Present
        </a>
      )}
      <span className="muted race-keys-help">{keysHelp}</span>
      {(view.busy || view.proving) && (
        <span className="muted" role="status">
          {view.proving ? 'Trying every schedule…' : 'Working…'}
        </span>
      )}
    </div>
  );
}
