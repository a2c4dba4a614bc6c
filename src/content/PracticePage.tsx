import { useEffect, useMemo, useState } from 'react';
import type { StarterSpec } from '../core/content/directives';
import { problemContext, starterCall, starterOf, unflatten } from '../core/grading/submission';
import type { FailingCase, GradeResult } from '../core/grading/types';
import { encodeRaceShare } from '../core/races/share';
import { encodeShare } from '../core/share';
import { progressStore } from '../store/progress';
import { LuaEditor } from '../ui/editor/LuaEditor';
import { AnswerForm, type FormValues } from '../ui/widgets/AnswerForm';
import { LabWidget } from '../ui/widgets/LabWidget';
import { Markdown } from '../ui/widgets/Markdown';
import type { Route } from '../ui/shell/router';
import { DocBody } from './DocBody';
import { grade } from './grading';
import { PROBLEMS, directives, type Doc } from './library';
import { ProgressNotice, ProgressPanel } from './ProgressPanel';
import { useProgress } from './useProgress';
import './content.css';

const KIND_LABEL: Record<string, string> = {
  predict: 'Predict',
  configure: 'Configure',
  fix: 'Fix',
  write: 'Write',
  choose: 'Choose',
};

function initialForm(starter: StarterSpec, saved: string | undefined): FormValues {
  if (starter.kind !== 'form') return {};
  const out: FormValues = {};
  for (const f of starter.form) out[f.id] = f.value === undefined ? '' : String(f.value);
  if (saved) {
    try {
      const s = JSON.parse(saved) as unknown;
      if (s && typeof s === 'object' && !Array.isArray(s))
        for (const [k, v] of Object.entries(s)) if (typeof v === 'string' && k in out) out[k] = v;
    } catch {
      // a damaged save: start from the starter
    }
  }
  return out;
}

/** A script's KEYS and ARGV as the page edits them: space-separated, like redis-cli. */
interface CallText {
  keys: string;
  args: string;
}
const CALL_INPUT = { width: '100%', maxWidth: '36rem', fontFamily: 'var(--mono)' } as const;
const words = (t: string): string[] => t.split(/\s+/).filter(Boolean);

/** The saved work of a code problem: the script alone, or JSON with edited keys/args. */
function initialCode(
  starterCode: string,
  call: CallText,
  saved: string | undefined,
): { code: string; call: CallText } {
  if (saved === undefined) return { code: starterCode, call };
  if (saved.startsWith('{"code"')) {
    try {
      const s = JSON.parse(saved) as { code?: unknown; keys?: unknown; args?: unknown };
      if (typeof s.code === 'string')
        return {
          code: s.code,
          call: {
            keys: typeof s.keys === 'string' ? s.keys : call.keys,
            args: typeof s.args === 'string' ? s.args : call.args,
          },
        };
    } catch {
      // not our JSON: a script that happens to start like it
    }
  }
  return { code: saved, call };
}

function outcomeText(o: string, retry: number | null | undefined): string {
  if (o === 'allowed') return 'admitted';
  if (o !== 'denied') return o;
  return retry === undefined || retry === null
    ? '429'
    : retry === -1
      ? '429 · never'
      : `429 · retry ${retry}`;
}

function FailureView({ f }: { f: FailingCase }) {
  const runnable = f.scenario && f.scenario.algorithm !== 'lua';
  return (
    <div className="failure" data-testid="grade-failure">
      <p>
        <strong>{f.name}.</strong> {f.message}
      </p>
      {f.rows && f.rows.length > 0 && (
        <div className="table-scroll">
          <table className="case-table" data-testid="case-table">
            <caption className="visually-hidden">Expected and actual decisions</caption>
            <thead>
              <tr>
                <th>at (s)</th>
                <th>server</th>
                <th>key</th>
                <th>cost</th>
                <th>expected</th>
                <th>yours</th>
              </tr>
            </thead>
            <tbody>
              {f.rows.map((r, i) => (
                <tr key={i} className={i === f.firstMismatch ? 'mismatch' : undefined}>
                  <td>{Number(r.at.toFixed(3))}</td>
                  <td>{r.server}</td>
                  <td>{r.key}</td>
                  <td>{r.cost}</td>
                  <td>{outcomeText(r.expected, r.expectedRetry)}</td>
                  <td title={r.note}>
                    {r.note
                      ? `error: ${r.note.length > 48 ? `${r.note.slice(0, 47)}…` : r.note}`
                      : outcomeText(r.actual, r.actualRetry)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {f.trace && (
        <ol className="case-list" data-testid="case-trace">
          {f.trace.map((t, i) => (
            <li key={i}>
              <code>{t}</code>
            </li>
          ))}
        </ol>
      )}
      {f.replay && (
        <p className="row">
          <a
            className="button"
            href={`#/races?s=${encodeRaceShare(f.replay.input, f.replay.schedule)}`}
            data-testid="failure-open-races"
          >
            Step through this ordering on the scheduler screen
          </a>
        </p>
      )}
      {f.scenario && (
        <p className="row">
          <a
            className="button"
            href={`#/lab?scenario=${encodeShare(f.scenario)}`}
            data-testid="failure-open-lab"
          >
            Open this case in the lab
          </a>
          {f.reference && (
            <a className="button" href={`#/lab?scenario=${encodeShare(f.reference)}`}>
              Open the reference
            </a>
          )}
        </p>
      )}
      {runnable && <LabWidget spec={{ ...f.scenario, title: `Replay: ${f.name}` }} />}
    </div>
  );
}

function Result({ r }: { r: GradeResult }) {
  return (
    <div
      className={`grade-result ${r.passed ? 'pass' : 'fail'}`}
      role="status"
      data-testid="grade-result"
      data-passed={r.passed}
    >
      <h3>{r.passed ? '✓ Passed' : '✗ Not yet'}</h3>
      <p>{r.summary}</p>
      {r.cases.length > 0 && (
        <ul className="case-list">
          {r.cases.map((c) => (
            <li key={c.name}>
              {c.passed ? '✓' : '✗'} {c.name}
            </li>
          ))}
        </ul>
      )}
      {r.failure && <FailureView f={r.failure} />}
    </div>
  );
}

function Problem({ p }: { p: Doc }) {
  const starter = useMemo(() => starterOf(p), [p]);
  const context = useMemo(() => problemContext(p), [p]);
  const starterKeys = useMemo(() => {
    const c = starterCall(p);
    return c.keys || c.args
      ? { keys: (c.keys ?? []).join(' '), args: (c.args ?? []).join(' ') }
      : null;
  }, [p]);
  const saved = useProgress((s) => s.saved[p.slug]);
  const solved = useProgress((s) => Boolean(s.problemsSolved[p.slug]));
  const [form, setForm] = useState<FormValues>(() => initialForm(starter, saved));
  const [initial] = useState(() =>
    initialCode(
      starter.kind === 'code' ? starter.code : '',
      starterKeys ?? { keys: '', args: '' },
      starter.kind === 'code' ? saved : undefined,
    ),
  );
  const [code, setCode] = useState(initial.code);
  const [call, setCall] = useState<CallText>(initial.call);
  const [hints, setHints] = useState(0);
  const [showSolution, setShowSolution] = useState(false);
  const [result, setResult] = useState<GradeResult | null>(null);
  const [busy, setBusy] = useState(false);
  const hintBlocks = directives(p, 'hint');
  const solution = directives(p, 'solution')[0];
  const graderId = String(p.front.grader ?? p.slug);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [p.slug]);

  // Save as the learner works (code and answers are part of their progress).
  useEffect(() => {
    const callEdited =
      starterKeys !== null && (call.keys !== starterKeys.keys || call.args !== starterKeys.args);
    const text =
      starter.kind === 'code'
        ? callEdited
          ? JSON.stringify({ code, keys: call.keys, args: call.args })
          : code
        : JSON.stringify(form);
    const untouched =
      starter.kind === 'code'
        ? code === starter.code && !callEdited
        : JSON.stringify(form) === JSON.stringify(initialForm(starter, undefined));
    if (untouched && progressStore().getState().saved[p.slug] === undefined) return;
    const t = setTimeout(() => progressStore().getState().save(p.slug, text), 400);
    return () => clearTimeout(t);
  }, [code, call, form, p.slug, starter, starterKeys]);

  const run = async () => {
    setBusy(true);
    setResult(null);
    const sub =
      starter.kind === 'code'
        ? starterKeys
          ? { code, keys: words(call.keys), args: words(call.args) }
          : { code }
        : unflatten(form);
    const r = await grade(graderId, sub, context);
    setResult(r);
    setBusy(false);
    if (r.passed) progressStore().getState().markSolved(p.slug);
  };

  const at = PROBLEMS.indexOf(p);
  const next = PROBLEMS[at + 1];
  return (
    <article className="problem" data-testid="problem">
      <ProgressNotice />
      <p className="problem-back">
        <a href="#/practice">← All problems</a>
      </p>
      <p className="eyebrow">
        {KIND_LABEL[String(p.front.kind)] ?? 'Problem'} · problem {at + 1} of {PROBLEMS.length}
        {solved && <span className="solved-tag"> · solved ✓</span>}
      </p>
      <h1 className="page-title">{p.title}</h1>
      {p.error && (
        <p className="notice error" role="alert">
          This problem could not be read: {p.error}
        </p>
      )}
      <DocBody blocks={p.blocks} only={['lab', 'editor']} />

      <section className="workbench card" aria-labelledby="workbench-h">
        <h2 id="workbench-h">{starter.kind === 'code' ? 'Your script' : 'Your answer'}</h2>
        {starter.note && <Markdown text={starter.note} />}
        {starter.kind === 'form' ? (
          <AnswerForm fields={starter.form} values={form} onChange={setForm} />
        ) : (
          <>
            <LuaEditor
              label="Your Lua script"
              value={code}
              onChange={setCode}
              onRun={busy ? undefined : run}
              height="22rem"
            />
            {starterKeys && (
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
                    onChange={(e) => setCall({ ...call, keys: e.target.value })}
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
                    onChange={(e) => setCall({ ...call, args: e.target.value })}
                  />
                </label>
                <p className="muted small">
                  <code>{'{key}'}</code>, <code>{'{cost}'}</code>, <code>{'{server}'}</code> and{' '}
                  <code>{'{now}'}</code> are filled in for each request; any other braces are sent
                  as they are.
                </p>
              </div>
            )}
          </>
        )}
        <div className="grade-row">
          <button
            type="button"
            className="button primary"
            onClick={run}
            disabled={busy}
            data-testid="grade"
          >
            {busy ? 'Grading…' : 'Grade'}
          </button>
          {starter.kind === 'code' && (
            <button
              type="button"
              className="button"
              onClick={() => {
                setCode(starter.code);
                if (starterKeys) setCall(starterKeys);
              }}
              disabled={busy}
            >
              Reset to the starter
            </button>
          )}
          <span className="muted small">
            Hidden cases run on the lab's engine, in your browser.
          </span>
        </div>
        {result && <Result r={result} />}
        {result?.passed && next && (
          <p>
            <a className="button primary" href={`#/practice/${next.slug}`}>
              Next problem: {next.title} →
            </a>
          </p>
        )}
      </section>

      {hintBlocks.length > 0 && (
        <section className="hints" aria-labelledby="hints-h">
          <h2 id="hints-h">Hints</h2>
          {hints > 0 && (
            <ol>
              {hintBlocks.slice(0, hints).map((h, i) => (
                <li key={i} data-testid="hint">
                  <Markdown text={h.text} />
                </li>
              ))}
            </ol>
          )}
          {hints < hintBlocks.length ? (
            <button
              type="button"
              className="button"
              onClick={() => setHints(hints + 1)}
              data-testid="show-hint"
            >
              {hints === 0 ? 'Show a hint' : 'Show the next hint'} ({hints + 1} of{' '}
              {hintBlocks.length})
            </button>
          ) : (
            <p className="muted small">That is every hint.</p>
          )}
        </section>
      )}

      {solution && (
        <section className="solution" aria-labelledby="solution-h">
          <h2 id="solution-h">Worked solution</h2>
          {showSolution ? (
            <div className="card" data-testid="solution">
              <Markdown text={solution.text} />
            </div>
          ) : (
            <button
              type="button"
              className="button"
              onClick={() => setShowSolution(true)}
              data-testid="show-solution"
            >
              Show the worked solution
            </button>
          )}
        </section>
      )}
    </article>
  );
}

export default function PracticePage({ route }: { route: Route }) {
  const slug = route.parts[1];
  const solved = useProgress((s) => s.problemsSolved);
  if (slug) {
    const p = PROBLEMS.find((x) => x.slug === slug);
    if (!p) {
      return (
        <section className="card narrow" data-testid="not-found">
          <h1 className="page-title">No problem called “{slug}”</h1>
          <p>
            <a href="#/practice">See every problem</a>
          </p>
        </section>
      );
    }
    return <Problem key={p.slug} p={p} />;
  }
  const done = PROBLEMS.filter((p) => solved[p.slug]).length;
  return (
    <div className="doc-index">
      <h1 className="page-title">Practice</h1>
      <p className="page-lede">
        Problems that grade themselves: predict a number, configure a policy, fix a broken Lua
        script, or write a limiter from scratch. Hidden cases find the first thing that breaks and
        let you replay it.
      </p>
      <ProgressPanel done={done} total={PROBLEMS.length} noun="problems solved" />
      <ol className="doc-list">
        {PROBLEMS.map((p, i) => (
          <li
            key={p.slug}
            className={`card doc-card${solved[p.slug] ? ' is-done' : ''}`}
            data-testid="problem-card"
          >
            <span className="doc-num" aria-hidden="true">
              {solved[p.slug] ? '✓' : i + 1}
            </span>
            <div>
              <h2>
                <a href={`#/practice/${p.slug}`}>{p.title}</a>
              </h2>
              <p className="muted">
                <span className="tag">{KIND_LABEL[String(p.front.kind)] ?? 'Problem'}</span>{' '}
                {solved[p.slug] && <span className="solved-tag">Solved · </span>}
                {p.objectives[0]}
              </p>
            </div>
          </li>
        ))}
      </ol>
      {PROBLEMS.length === 0 && (
        <p className="notice">No practice problems are installed in this build.</p>
      )}
    </div>
  );
}
