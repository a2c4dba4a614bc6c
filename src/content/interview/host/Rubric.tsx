// A question's rubric: the points to tick as the candidate makes them.
import type { HostQuestion } from '../../../core/content/interviewRubric';

export function Rubric({
  q,
  met,
  onToggle,
}: {
  q: HostQuestion;
  met: boolean[];
  onToggle: (i: number) => void;
}) {
  return (
    <section className="host-rubric" aria-labelledby="rubric-h">
      <h3 id="rubric-h">
        Rubric{' '}
        <span className="muted small">
          ({met.filter(Boolean).length} of {q.rubric.length} met)
        </span>
      </h3>
      <ul>
        {q.rubric.map((p, i) => (
          <li key={i}>
            <label>
              <input
                type="checkbox"
                checked={met[i] ?? false}
                onChange={() => onToggle(i)}
                data-testid={`rubric-${i}`}
              />
              <span>{p}</span>
            </label>
          </li>
        ))}
      </ul>
    </section>
  );
}
