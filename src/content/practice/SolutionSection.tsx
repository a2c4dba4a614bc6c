// The worked solution of a practice problem: it opens after a pass, or after a confirmed
// "I give up" (working it out is where the learning is).
import { useState } from 'react';
import type { Doc } from '../library';
import { progressStore } from '../../store/progress';
import { useProgress } from '../useProgress';
import { Markdown } from '../../ui/widgets/Markdown';

/** The worked solution: after a pass, or after a confirmed "I give up". */
export function SolutionSection({
  p,
  text,
  canSee,
  onGiveUp,
  onLoad,
  note,
}: {
  p: Doc;
  text: string;
  canSee: boolean;
  onGiveUp(): void;
  onLoad: (() => void) | null;
  note: string | null;
}) {
  const viewed = useProgress((s) => Boolean(s.solutionsViewed[p.slug]));
  const loaded = useProgress((s) => Boolean(s.solutionsLoaded[p.slug]));
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const show = () => {
    setOpen(true);
    progressStore().getState().solutionViewed(p.slug);
  };
  return (
    <section className="solution" aria-labelledby="solution-h">
      <h2 id="solution-h">Worked solution</h2>
      {open ? (
        <>
          {note && <p className="notice info small">{note}</p>}
          <div className="card" data-testid="solution">
            <Markdown text={text} />
          </div>
          {onLoad && (
            <p className="row">
              <button type="button" className="button" onClick={onLoad} data-testid="load-solution">
                Load it into your answer
              </button>
              <span className="muted small">
                {loaded
                  ? 'Loaded: your progress notes that this problem was solved with the worked solution.'
                  : 'Your progress will note that the solution was loaded.'}
              </span>
            </p>
          )}
        </>
      ) : canSee ? (
        <button type="button" className="button" onClick={show} data-testid="show-solution">
          Show the worked solution{viewed ? ' again' : ''}
        </button>
      ) : confirming ? (
        <div
          className="give-up card"
          role="group"
          aria-label="Give up"
          data-testid="give-up-confirm"
        >
          <p>
            Sure? Working it out is where the learning is: grade an attempt and the hidden cases
            will show you what breaks. If you give up now, this problem goes on your review list for
            tomorrow.
          </p>
          <p className="row">
            <button
              type="button"
              className="button primary"
              onClick={() => {
                setConfirming(false);
                onGiveUp();
                show();
              }}
              data-testid="confirm-give-up"
            >
              Yes, show me the solution
            </button>
            <button type="button" className="button" onClick={() => setConfirming(false)}>
              Keep trying
            </button>
          </p>
        </div>
      ) : (
        <p className="row">
          <span className="muted small">
            The worked solution opens once you pass, or when you ask for it.
          </span>
          <button
            type="button"
            className="button"
            onClick={() => setConfirming(true)}
            data-testid="give-up"
          >
            I give up
          </button>
        </p>
      )}
    </section>
  );
}
