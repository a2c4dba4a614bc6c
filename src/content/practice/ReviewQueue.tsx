// The review queue on the Practice page: what the learner missed, back after 1, 3 and 7 days.
import { isDue, REVIEW_DAYS } from '../../core/content/review';
import { useProgress } from '../useProgress';

const day = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { weekday: 'short', month: 'short', day: 'numeric' });

export function ReviewQueue({ now = new Date() }: { now?: Date }) {
  const review = useProgress((s) => s.review);
  const items = Object.entries(review).sort((a, b) => a[1].due.localeCompare(b[1].due));
  const due = items.filter(([, it]) => isDue(it, now));
  const later = items.filter(([, it]) => !isDue(it, now));
  return (
    <section className="review-queue card" aria-labelledby="review-h" data-testid="review-queue">
      <h2 id="review-h">Review</h2>
      {items.length === 0 ? (
        <p className="muted small" data-testid="review-empty">
          Nothing to review. A question or problem you miss comes back here after{' '}
          {REVIEW_DAYS.join(', ')} days until you have it.
        </p>
      ) : (
        <>
          <p className="muted small">
            {due.length
              ? `${due.length} due now.`
              : `Nothing due today; the next comes back on ${day(items[0]![1].due)}.`}{' '}
            Missed items come back after {REVIEW_DAYS.join(', then ')} days.
          </p>
          <ul className="review-list">
            {[...due, ...later].map(([id, it]) => (
              <li key={id} data-testid={isDue(it, now) ? 'review-due' : 'review-later'}>
                <a href={it.href}>{it.title}</a>{' '}
                <span className="muted small">
                  {isDue(it, now) ? 'due now' : `back ${day(it.due)}`} · step {it.step + 1} of{' '}
                  {REVIEW_DAYS.length}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
