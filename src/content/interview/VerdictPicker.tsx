// The interviewer's overall verdict, kept with the session and written into the scorecard.
import { VERDICT_TEXT, VERDICTS, type Verdict } from '../../core/interview/session';

export function VerdictPicker({
  value,
  onChange,
}: {
  value: Verdict | null;
  onChange: (v: Verdict | null) => void;
}) {
  return (
    <fieldset className="host-field verdict-picker" data-testid="verdict">
      <legend>Overall verdict</legend>
      {VERDICTS.map((v) => (
        <label key={v}>
          <input
            type="radio"
            name="verdict"
            checked={value === v}
            onChange={() => onChange(v)}
            data-testid={`verdict-${v}`}
          />{' '}
          {VERDICT_TEXT[v]}
        </label>
      ))}
      {value !== null && (
        <button type="button" className="button small-button" onClick={() => onChange(null)}>
          Clear
        </button>
      )}
    </fieldset>
  );
}
