// "Run on real Redis": the editor's requests through the script on the model and on a real
// Redis (via the lab server), side by side per request: the two replies, the two key states,
// and every difference marked. Nothing is requested until the button is pressed; without a
// lab server or a configured Redis the panel says how to set one up.
import { useState } from 'react';
import { editorRunAsCase } from '../../core/playground/realCase';
import { trafficById } from '../../core/playground/traffic';
import type { KeyView } from '../../core/redis/compare';
import { editorStore } from '../../store/editorStore';
import { realRedisCases, type RealCaseResult, type RealStep } from '../../store/realRedis';

/** At most this many requests go to a real server in one run. */
const MAX_REQUESTS = 30;
/** The requests' gaps are waited for on the real server up to this long in all. */
const MAX_WAIT_SECONDS = 10;

type View =
  | { kind: 'idle' }
  | { kind: 'running' }
  | { kind: 'message'; text: string }
  | { kind: 'done'; result: RealCaseResult; note: string };

const keysText = (keys: KeyView[]): string =>
  keys.length === 0
    ? '(no keys)'
    : keys
        .map(
          (k) =>
            `${k.key} = ${JSON.stringify(k.value)}${k.ttlMs === null ? '' : ` (expires in ${k.ttlMs} ms)`}`,
        )
        .join('\n');

function StepRow({ step, index }: { step: RealStep; index: number }) {
  const differs = step.differences.length > 0;
  return (
    <tr className={differs ? 'ed-real-differs' : undefined} data-testid="real-step">
      <th scope="row">{index + 1}</th>
      <td className="mono">{JSON.stringify(step.model.reply)}</td>
      <td className="mono">{JSON.stringify(step.real.reply)}</td>
      <td className="mono ed-real-keys">{keysText(step.model.keys)}</td>
      <td className="mono ed-real-keys">{keysText(step.real.keys)}</td>
      <td data-testid={differs ? 'real-difference' : 'real-same'}>
        {differs ? step.differences.map((d) => d.note).join('; ') : 'same'}
      </td>
    </tr>
  );
}

/** The steps side by side, each difference marked, under how many requests differ. */
export function RealSteps({ steps, note }: { steps: RealStep[]; note: string }) {
  const differing = steps.filter((s) => s.differences.length > 0).length;
  return (
    <>
      <p role="status" data-testid="real-summary">
        {differing === 0
          ? `The model and the server agree on all ${steps.length} requests.`
          : `They part on ${differing} of ${steps.length} requests (marked).`}{' '}
        ({note}.)
      </p>
      <div className="ed-real-scroll">
        <table className="ed-real-table">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">model reply</th>
              <th scope="col">real reply</th>
              <th scope="col">model keys</th>
              <th scope="col">real keys</th>
              <th scope="col">difference</th>
            </tr>
          </thead>
          <tbody>
            {steps.map((s, i) => (
              <StepRow key={i} step={s} index={i} />
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

export function RealRedisPanel() {
  const [view, setView] = useState<View>({ kind: 'idle' });
  const run = async () => {
    setView({ kind: 'running' });
    const es = editorStore.getState();
    const all = trafficById(es.traffic).requests();
    const requests = all.slice(0, MAX_REQUESTS);
    const { case: c, waits } = editorRunAsCase(
      es.draft.source,
      es.draft.keys,
      es.draft.args,
      requests,
      MAX_WAIT_SECONDS,
    );
    const r = await realRedisCases([c]);
    if (!r.ok) return setView({ kind: 'message', text: r.message });
    const result = r.value[0];
    if (!result) return setView({ kind: 'message', text: 'The lab server answered no result.' });
    const notes = [
      all.length > requests.length ? `the first ${requests.length} of ${all.length} requests` : '',
      waits
        ? 'the real server waited out the gaps between requests'
        : `the requests span more than ${MAX_WAIT_SECONDS} s, so both sides ran them back to back`,
    ].filter((n) => n !== '');
    setView({ kind: 'done', result, note: notes.join('; ') });
  };
  const result = view.kind === 'done' ? view.result : null;
  const steps = result && 'steps' in result ? result.steps : [];
  return (
    <section className="panel ed-real" aria-labelledby="real-h" data-testid="real-redis">
      <h2 id="real-h">Model against a real Redis</h2>
      <p>
        The same requests through your script as one <code>EVAL</code> each, on the lab&apos;s model
        and on a real Redis run by the lab server. Keys go under a prefix of their own and are
        deleted after.
      </p>
      <button
        type="button"
        className="button"
        onClick={() => void run()}
        disabled={view.kind === 'running'}
        data-testid="run-real"
      >
        {view.kind === 'running' ? 'Running on real Redis…' : 'Run on real Redis'}
      </button>
      {view.kind === 'message' && (
        <p className="notice" role="status" data-testid="real-message">
          {view.text}
        </p>
      )}
      {result && 'error' in result && (
        <p className="notice error" role="status" data-testid="real-message">
          {result.error}
        </p>
      )}
      {view.kind === 'done' && steps.length > 0 && <RealSteps steps={steps} note={view.note} />}
    </section>
  );
}
