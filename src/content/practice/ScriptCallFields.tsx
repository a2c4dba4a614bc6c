// A script problem's KEYS and ARGV, edited as space-separated words (like redis-cli), with
// the placeholders the grader fills for each call.
import type { CallText } from './savedWork';

const CALL_INPUT = { width: '100%', maxWidth: '36rem', fontFamily: 'var(--mono)' } as const;

export function ScriptCallFields({
  call,
  onChange,
}: {
  call: CallText;
  onChange: (c: CallText) => void;
}) {
  return (
    <div className="answer-form script-call" data-testid="script-call">
      <label className="field">
        <span>
          <code>KEYS</code> <span className="help">(space-separated)</span>
        </span>
        <input
          data-field="keys"
          spellCheck={false}
          autoCapitalize="off"
          style={CALL_INPUT}
          value={call.keys}
          onChange={(e) => onChange({ ...call, keys: e.target.value })}
        />
      </label>
      <label className="field">
        <span>
          <code>ARGV</code> <span className="help">(space-separated)</span>
        </span>
        <input
          data-field="args"
          spellCheck={false}
          autoCapitalize="off"
          style={CALL_INPUT}
          value={call.args}
          onChange={(e) => onChange({ ...call, args: e.target.value })}
        />
      </label>
      <p className="muted small">
        <code>{'{key}'}</code>, <code>{'{tenant}'}</code>, <code>{'{cost}'}</code>,{' '}
        <code>{'{server}'}</code>, <code>{'{now}'}</code>, <code>{'{op}'}</code> and{' '}
        <code>{'{id}'}</code> are filled in for each call; any other braces are sent as they are.
      </p>
    </div>
  );
}
