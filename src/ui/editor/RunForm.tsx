// What each request sends the script: KEYS and ARGV (comma-separated, with placeholders),
// the traffic preset and the store's one-way latency.
import { useState } from 'react';
import { TRAFFIC, trafficById, type TrafficId } from '../../core/playground/traffic';
import { editorStore } from '../../store/editorStore';
import { useEditor } from './useEditor';

function ListField({
  label,
  values,
  onChange,
  hint,
  testid,
}: {
  label: string;
  values: string[];
  onChange(v: string[]): void;
  hint: string;
  testid: string;
}) {
  const [text, setText] = useState(values.join(', '));
  const [last, setLast] = useState(values);
  if (
    last !== values &&
    values.join(', ') !==
      text
        .split(',')
        .map((x) => x.trim())
        .join(', ')
  ) {
    setLast(values);
    setText(values.join(', '));
  }
  return (
    <label className="field ed-list">
      <span>{label}</span>
      <input
        className="mono"
        value={text}
        spellCheck={false}
        data-testid={testid}
        onChange={(e) => {
          setText(e.target.value);
          const v =
            e.target.value.trim() === '' ? [] : e.target.value.split(',').map((x) => x.trim());
          setLast(v);
          onChange(v);
        }}
      />
      <small className="muted">{hint}</small>
    </label>
  );
}

export function RunForm() {
  const draft = useEditor((s) => s.draft);
  const traffic = useEditor((s) => s.traffic);
  const latencyMs = useEditor((s) => s.latencyMs);
  const es = editorStore.getState();
  return (
    <section className="card ed-form" aria-labelledby="form-h">
      <h2 id="form-h">Each request calls the script with</h2>
      <div className="ed-form-grid">
        <ListField
          label="KEYS"
          values={draft.keys}
          onChange={(v) => es.setKeys(v)}
          hint="Comma-separated; {key} {server} {cost} {now} are filled per request."
          testid="keys-input"
        />
        <ListField
          label="ARGV"
          values={draft.args}
          onChange={(v) => es.setArgs(v)}
          hint="Strings, as redis-cli sends them, e.g. 5, 1, {cost}."
          testid="args-input"
        />
        <label className="field">
          <span>Traffic</span>
          <select
            value={traffic}
            onChange={(e) => es.setTraffic(e.target.value as TrafficId)}
            data-testid="traffic"
          >
            {TRAFFIC.map((t) => (
              <option key={t.id} value={t.id}>
                {t.label}
              </option>
            ))}
          </select>
          <small className="muted">{trafficById(traffic).describe}</small>
        </label>
        <label className="field">
          <span>Store latency, one way: {latencyMs} ms</span>
          <input
            type="range"
            min={0}
            max={500}
            step={10}
            value={latencyMs}
            onChange={(e) => es.setLatencyMs(Number(e.target.value))}
            data-testid="latency"
          />
          <small className="muted">
            Each round trip between a server and Redis takes twice this.
          </small>
        </label>
      </div>
    </section>
  );
}
