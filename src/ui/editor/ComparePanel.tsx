// Compare with a built-in: pick an algorithm and its parameters (the template's reference
// is offered), run the built-in on the script's requests, and see where the decisions differ.
import { useState } from 'react';
import { BUILTIN_ALGORITHMS } from '../../core/limiters/registry';
import { CompareResultView } from './CompareResult';
import { compareWith, jumpToRequest, referenceFor } from './runController';
import { useEditor } from './useEditor';

export function ComparePanel() {
  const output = useEditor((s) => s.output);
  const compare = useEditor((s) => s.compare);
  const templateId = useEditor((s) => s.templateId);
  const draft = useEditor((s) => s.draft);
  const ref = referenceFor(draft, templateId);
  const [alg, setAlg] = useState<string>(ref?.algorithm ?? 'token-bucket');
  const [paramsText, setParamsText] = useState<string>(
    JSON.stringify(ref?.params ?? { capacity: 5, refillPerSecond: 1 }),
  );
  const [err, setErr] = useState<string | null>(null);
  const [forTemplate, setForTemplate] = useState(templateId);
  if (forTemplate !== templateId) {
    setForTemplate(templateId);
    if (ref) {
      setAlg(ref.algorithm);
      setParamsText(JSON.stringify(ref.params));
    }
  }
  const runCompare = () => {
    let params: Record<string, unknown>;
    try {
      const v = JSON.parse(paramsText) as unknown;
      if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Error('not an object');
      params = v as Record<string, unknown>;
    } catch {
      setErr('Parameters must be a JSON object, e.g. {"capacity": 5, "refillPerSecond": 1}.');
      return;
    }
    setErr(null);
    const r = compareWith(alg, params);
    const first = r?.diffs[0];
    if (first) jumpToRequest(first.index);
  };
  return (
    <section className="panel ed-compare" aria-labelledby="cmp-h" data-testid="compare">
      <h2 id="cmp-h">Compare with a built-in</h2>
      <div className="ed-cmp-form">
        <label className="field">
          <span>Algorithm</span>
          <select
            value={alg}
            onChange={(e) => setAlg(e.target.value)}
            data-testid="compare-algorithm"
          >
            {BUILTIN_ALGORITHMS.map((a) => (
              <option key={a} value={a}>
                {a}
                {ref?.algorithm === a ? ' (this template’s reference)' : ''}
              </option>
            ))}
          </select>
        </label>
        <label className="field ed-grow">
          <span>Parameters (JSON)</span>
          <input
            value={paramsText}
            onChange={(e) => setParamsText(e.target.value)}
            spellCheck={false}
            className="mono"
            data-testid="compare-params"
            aria-invalid={err ? true : undefined}
          />
        </label>
        {ref && (
          <button
            type="button"
            className="button"
            onClick={() => {
              setAlg(ref.algorithm);
              setParamsText(JSON.stringify(ref.params));
            }}
          >
            Use the reference (from ARGV)
          </button>
        )}
        <button
          type="button"
          className="button primary"
          onClick={runCompare}
          disabled={!output}
          data-testid="compare-run"
        >
          Compare
        </button>
      </div>
      {err && <p className="field-error">{err}</p>}
      {compare && <CompareResultView compare={compare} onJump={jumpToRequest} />}
      {!compare && (
        <p className="muted small">
          Runs the built-in on the same requests (as one shared, atomic limiter) and lists every
          request where the decisions differ.
        </p>
      )}
    </section>
  );
}
