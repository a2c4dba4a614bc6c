// The controls' building blocks: a number field judged by the engine, a collapsible group,
// and a group's messages that no field shows.
import { useId, useState, type ReactNode } from 'react';
import type { ScenarioInput } from '../../../store/labStore';
import { withField, type Path } from '../../../store/scenarioEdits';
import { errorsFor, pathText } from './errors';
import { useEdit } from './useEdit';

/** A number field that sends whatever was typed to the engine and shows its verdict. */
export function NumberField({
  label,
  help,
  path,
  value,
  errors,
  scale = 1,
  unit,
  prepare,
}: {
  label: string;
  help?: string;
  path: Path;
  value: unknown;
  errors: string[];
  scale?: number;
  unit?: string;
  /** Reshape the scenario before the value is set (e.g. `servers: 2` into a list of servers). */
  prepare?: (s: ScenarioInput) => ScenarioInput;
}) {
  const id = useId();
  const { edit } = useEdit();
  const shown =
    typeof value === 'number'
      ? String(+(value * scale).toPrecision(6))
      : value === undefined
        ? ''
        : String(value);
  const [text, setText] = useState(shown);
  const [synced, setSynced] = useState(shown);
  if (synced !== shown) {
    setSynced(shown);
    setText(shown);
  }
  const mine = errorsFor(errors, pathText(path));
  return (
    <div className="field">
      <label htmlFor={id}>
        <span className="field-label">{label}</span>
        {help && <span className="field-help"> {help}</span>}
      </label>
      <div className="field-row">
        <input
          id={id}
          inputMode="decimal"
          value={text}
          aria-invalid={mine.length > 0}
          aria-describedby={mine.length ? `${id}-err` : undefined}
          data-testid={`field-${pathText(path)}`}
          onChange={(e) => {
            const t = e.target.value;
            setText(t);
            // The engine judges the value: '' is missing, 'abc' is NaN, both are refused with its message.
            const v = t.trim() === '' ? undefined : Number(t) / scale;
            edit((s) => withField(prepare ? prepare(s) : s, path, v));
          }}
        />
        {unit && <span className="muted">{unit}</span>}
      </div>
      {mine.length > 0 && (
        <p className="field-error" id={`${id}-err`} role="alert" data-testid="field-error">
          {mine.join('; ')}
          <span className="muted"> · still running the last valid setting</span>
        </p>
      )}
    </div>
  );
}

export function Group({
  title,
  children,
  open,
  id,
}: {
  title: string;
  children: ReactNode;
  open?: boolean;
  id?: string;
}) {
  return (
    <details className="ctl-group" open={open} id={id}>
      <summary>{title}</summary>
      <div className="ctl-body">{children}</div>
    </details>
  );
}

/** A group's messages that no field of it shows. */
export function GroupErrors({ messages }: { messages: string[] }) {
  if (!messages.length) return null;
  return (
    <ul className="notice error small" role="alert" data-testid="group-errors">
      {messages.map((m) => (
        <li key={m}>
          {m}
          <span className="muted"> · still running the last valid setting</span>
        </li>
      ))}
    </ul>
  );
}
