// The Algorithm group: the algorithm and its parameters (its own description), the second,
// global policy, and how several policies are charged.
import { algorithmOf, BUILTIN_ALGORITHMS } from '../../../core/limiters/registry';
import type { ParamDescriptor } from '../../../core/limiters/types';
import type { ScenarioInput } from '../../../store/labStore';
import {
  GLOBAL_POLICY,
  withAlgorithm,
  withFlag,
  withGlobalPolicy,
  withMultiPolicy,
} from '../../../store/scenarioEdits';
import { useLab } from '../useLab';
import { Group, NumberField } from '../fields/fields';
import { useEdit } from '../fields/useEdit';

/** The controls an algorithm's parameters get: numbers and switches (its own description). */
function paramControls(algorithm: string, params: Record<string, unknown>): ParamDescriptor[] {
  const declared = algorithmOf(algorithm)?.params;
  if (declared && declared.length) return declared;
  // A plug-in that declares nothing: one number field per numeric value given.
  return Object.keys(params)
    .filter((k) => typeof params[k] === 'number')
    .map((name) => ({ name, kind: 'number' as const, required: false, help: '' }));
}

/** A learner's Lua script as the algorithm: the keys and arguments it runs with. */
function LuaKeys({ params }: { params: Record<string, unknown> }) {
  return (
    <p className="muted small" data-testid="lua-keys">
      Runs the scenario&apos;s Lua script on each request, with KEYS{' '}
      <code>{((params.keys as string[] | undefined) ?? ['rl:{key}']).join(', ')}</code>
      {Array.isArray(params.args) && params.args.length > 0 && (
        <>
          {' '}
          and ARGV <code>{(params.args as string[]).join(', ')}</code>
        </>
      )}
      . Pick another algorithm to replace it.
    </p>
  );
}

/** One algorithm: its picker, its summary and a field per parameter. */
function SinglePolicy({ algorithm, errors }: { algorithm: string; errors: string[] }) {
  const { edit } = useEdit();
  const input = useLab((s) => s.input);
  const params = (input.params ?? {}) as Record<string, unknown>;
  return (
    <>
      <div className="field">
        <label htmlFor="ctl-alg" className="field-label">
          Algorithm
        </label>
        <select
          id="ctl-alg"
          data-testid="algorithm"
          value={algorithm}
          onChange={(e) => edit((s) => withAlgorithm(s, e.target.value))}
        >
          {!(BUILTIN_ALGORITHMS as readonly string[]).includes(algorithm) && (
            // A plug-in such as a learner's Lua script (a practice case's replay).
            <option value={algorithm}>
              {algorithm === 'lua' ? 'lua (the script below)' : algorithm}
            </option>
          )}
          {BUILTIN_ALGORITHMS.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </select>
      </div>
      {algorithm === 'lua' && <LuaKeys params={params} />}
      <p className="muted small" data-testid="algorithm-summary">
        {algorithmOf(algorithm)?.summary}
      </p>
      {paramControls(algorithm, params).map((p) =>
        p.kind === 'boolean' ? (
          <label key={p.name} className="field inline">
            <input
              type="checkbox"
              checked={params[p.name] === true}
              onChange={(e) => edit((s) => withFlag(s, p.name, e.target.checked))}
            />
            <span>
              {p.name} <span className="field-help">{p.help}</span>
            </span>
          </label>
        ) : p.kind === 'number' ? (
          <NumberField
            key={`${algorithm}-${p.name}`}
            label={p.name}
            help={p.help}
            path={['params', p.name]}
            value={params[p.name]}
            errors={errors}
          />
        ) : null,
      )}
    </>
  );
}

/** The policies in one line, and how a request is charged against them. */
function Policies({ policies, mode }: { policies: ScenarioInput[]; mode: string }) {
  const { edit } = useEdit();
  return (
    <>
      <p className="muted small">
        Policies:{' '}
        {policies
          .map((p) => `${String(p.id)} (${String(p.algorithm)}, ${String(p.scope ?? 'key')})`)
          .join(' + ')}
      </p>
      <div className="field">
        <label htmlFor="ctl-mp" className="field-label">
          Charging several policies
        </label>
        <select
          id="ctl-mp"
          value={mode}
          onChange={(e) => edit((s) => withMultiPolicy(s, e.target.value))}
        >
          <option value="all-or-nothing">
            all-or-nothing: charge only when every policy admits
          </option>
          <option value="naive">naive: charge each in turn, stop at the first denial</option>
        </select>
      </div>
    </>
  );
}

export function AlgorithmGroup({ errors }: { errors: string[] }) {
  const { edit } = useEdit();
  const input = useLab((s) => s.input);
  const policies = Array.isArray(input.policies) ? (input.policies as ScenarioInput[]) : null;
  const algorithm = String(input.algorithm ?? (policies ? (policies[0]?.algorithm ?? '') : ''));
  const globalPolicy = policies?.find((p) => p.id === GLOBAL_POLICY.id);
  return (
    <Group title="Algorithm" open id="ctl-algorithm">
      {!policies && <SinglePolicy algorithm={algorithm} errors={errors} />}
      <label className="field inline">
        <input
          type="checkbox"
          checked={!!globalPolicy}
          data-testid="global-policy"
          onChange={(e) => edit((s) => withGlobalPolicy(s, e.target.checked))}
        />
        <span>Add a second policy: all clients together, token bucket 10, +2/s</span>
      </label>
      {policies && (
        <Policies policies={policies} mode={String(input.multiPolicy ?? 'all-or-nothing')} />
      )}
    </Group>
  );
}
