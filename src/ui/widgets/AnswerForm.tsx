import { useId } from 'react';
import type { FormField } from '../../core/content/directives';
import { InlineMarkdown } from './Markdown';
import './widgets.css';

export type FormValues = Record<string, string>;

/** An answer form for predict, configure and choose problems. */
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
        if (f.type === 'choice')
          return (
            <fieldset key={f.id} className="choices">
              <legend>
                <InlineMarkdown text={f.label} />
              </legend>
              {f.help && <p className="help">{f.help}</p>}
              {(f.choices ?? []).map((c) => (
                <label key={c} className="choice">
                  <input
                    type="radio"
                    name={`${id}-${f.id}`}
                    value={c}
                    checked={v === c}
                    onChange={() => set(f.id, c)}
                  />
                  <InlineMarkdown text={c} />
                </label>
              ))}
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
