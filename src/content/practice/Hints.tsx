// A problem's hints, shown one at a time as the learner asks for them.
import { useState } from 'react';
import { Markdown } from '../../ui/widgets/Markdown';

export function Hints({ hints, fill }: { hints: { text: string }[]; fill: (t: string) => string }) {
  const [shown, setShown] = useState(0);
  if (hints.length === 0) return null;
  return (
    <section className="hints" aria-labelledby="hints-h">
      <h2 id="hints-h">Hints</h2>
      {shown > 0 && (
        <ol>
          {hints.slice(0, shown).map((h, i) => (
            <li key={i} data-testid="hint">
              <Markdown text={fill(h.text)} />
            </li>
          ))}
        </ol>
      )}
      {shown < hints.length ? (
        <button
          type="button"
          className="button"
          onClick={() => setShown(shown + 1)}
          data-testid="show-hint"
        >
          {shown === 0 ? 'Show a hint' : 'Show the next hint'} ({shown + 1} of {hints.length})
        </button>
      ) : (
        <p className="muted small">That is every hint.</p>
      )}
    </section>
  );
}
