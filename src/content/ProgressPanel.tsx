import { useRef, useState } from 'react';
import { progressStore } from '../store/progress';
import { predictionScore } from '../store/progressMerge';
import { DownloadLink } from '../ui/shell/DownloadLink';
import { useProgress } from './useProgress';

/** The notice about set-aside or imported progress, if any. */
export function ProgressNotice() {
  const notice = useProgress((s) => s.notice);
  if (!notice) return null;
  return (
    <div
      className={`notice progress-notice${notice.kind === 'error' ? ' error' : ' info'}`}
      role={notice.kind === 'error' ? 'alert' : 'status'}
      data-testid="progress-notice"
    >
      <span>{notice.text}</span>
      {notice.download && (
        <DownloadLink
          text={notice.download.text}
          name={notice.download.name}
          label={notice.download.label}
        />
      )}
      <button
        type="button"
        className="button small-button"
        onClick={() => progressStore().getState().dismissNotice()}
      >
        Dismiss
      </button>
    </div>
  );
}

/** "You predicted 9 of 14 right", counted from the predictions actually made. */
function PredictScore() {
  const { right, made } = predictionScore(useProgress((s) => s.predictions));
  if (made === 0) return null;
  return (
    <p className="progress-predict" data-testid="predict-score">
      You predicted {right} of {made} right.
    </p>
  );
}

/** Reset everything, after a second press that says what goes. */
function ResetProgress() {
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <button
        type="button"
        className="button"
        onClick={() => setAsking(true)}
        data-testid="progress-reset"
      >
        Reset progress…
      </button>
    );
  return (
    <span role="group" aria-label="Reset progress" className="progress-reset-confirm">
      <span>Forget every lesson read, problem solved, saved answer and prediction?</span>{' '}
      <button
        type="button"
        className="button"
        data-testid="progress-reset-confirm"
        onClick={() => {
          progressStore().getState().reset();
          setAsking(false);
        }}
      >
        Yes, reset
      </button>{' '}
      <button type="button" className="button" onClick={() => setAsking(false)}>
        Keep it
      </button>
    </span>
  );
}

/** Progress summary with export, import (as a JSON file) and reset. */
export function ProgressPanel({
  done,
  total,
  noun,
}: {
  done: number;
  total: number;
  noun: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const pct = total ? Math.round((100 * done) / total) : 0;
  const exportFile = () => {
    const blob = new Blob([progressStore().exportProgress()], { type: 'application/json' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = 'rate-limit-lab-progress.json';
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <section
      className="progress-panel card"
      aria-label="Your progress"
      data-testid="progress-panel"
    >
      <div className="progress-summary">
        <strong data-testid="progress-count">
          {done} of {total} {noun}
        </strong>
        <div
          className="progress-bar"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={done}
          aria-label={`${done} of ${total} ${noun}`}
        >
          <span style={{ width: `${pct}%` }} />
        </div>
      </div>
      <PredictScore />
      <div className="progress-actions">
        <button type="button" className="button" onClick={exportFile} data-testid="progress-export">
          Export progress
        </button>
        <button
          type="button"
          className="button"
          onClick={() => input.current?.click()}
          data-testid="progress-import"
        >
          Import…
        </button>
        <ResetProgress />
        <input
          ref={input}
          type="file"
          accept="application/json,.json"
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="progress-file"
          onChange={async (e) => {
            const f = e.target.files?.[0];
            e.target.value = '';
            if (f) progressStore().importProgress(await f.text());
          }}
        />
      </div>
      <ProgressNotice />
    </section>
  );
}
