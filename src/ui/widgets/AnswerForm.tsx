import { useId } from 'react';
import type { FormField } from '../../core/content/directives';
import { InlineMarkdown } from './Markdown';
import './widgets.css';

export type FormValues = Record<string, string>;

/** Options side by side, wrapping on narrow screens. */
const CHOICE_ROW = { display: 'flex', flexWrap: 'wrap', gap: '0.1rem 0.75rem' } as const;

/**
 * An answer form for predict, configure and choose problems: number and text inputs, radio
 * buttons for a short list of options, a select for a long one.
 */
export function AnswerForm({
  fields,
  values,
  onChange,
}: {
  fields: FormField[];
  values: FormValues;
  onChange(v: FormValues): void;
}) {
  const id = useId();
  const set = (k: string, v: string) => onChange({ ...values, [k]: v });
  return (
    <div className="answer-form" data-testid="answer-form">
      {fields.map((f) => {
        const v = values[f.id] ?? '';
        if (f.type === 'choice' && (f.choices ?? []).length > 6)
          // A long list: a select keeps the form short on a phone.
          return (
            <label key={f.id} className="field">
              <span>
                <InlineMarkdown text={f.label} />
              </span>
              {f.help && <span className="help">{f.help}</span>}
              <span>
                <select data-choice={f.id} value={v} onChange={(e) => set(f.id, e.target.value)}>
                  <option value="">Choose…</option>
                  {(f.choices ?? []).map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </select>
              </span>
            </label>
          );
        if (f.type === 'choice')
          return (
            <fieldset key={f.id} className="choices" data-choice={f.id}>
              <legend>
                <InlineMarkdown text={f.label} />
              </legend>
              {f.help && <p className="help">{f.help}</p>}
              <div role="presentation" style={CHOICE_ROW}>
                {(f.choices ?? []).map((c) => (
                  <label key={c} className="choice">
                    <input
                      type="radio"
                      name={`${id}-${f.id}`}
                      value={c}
                      checked={v === c}
                      onChange={() => set(f.id, c)}
                    />
                    {c}
                  </label>
                ))}
              </div>
            </fieldset>
          );
        return (
          <label key={f.id} className="field">
            <span>
              <InlineMarkdown text={f.label} />
            </span>
            {f.help && <span className="help">{f.help}</span>}
            <span>
              <input
                data-field={f.id}
                inputMode={f.type === 'text' ? undefined : 'decimal'}
                value={v}
                onChange={(e) => set(f.id, e.target.value)}
              />
              {f.unit && <span className="unit">{f.unit}</span>}
            </span>
          </label>
        );
      })}
    </div>
  );
}
