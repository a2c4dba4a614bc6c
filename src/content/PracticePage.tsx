import { useEffect, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import type { StarterSpec } from '../core/content/directives';
import type { Block } from '../core/content/parseDoc';
import { fillPlaceholders } from '../core/content/placeholders';
import { problemInstance, type Vars } from '../core/grading/predict';
import {
  answerSubmission,
  problemContext,
  starterCall,
  starterOf,
  unflatten,
} from '../core/grading/submission';
import { encodeShare } from '../core/share';
import { createPracticeAttempt } from '../store/practiceAttempt';
import { progressStore } from '../store/progress';
import { LuaEditor } from '../ui/editor/LuaEditor';
import { AnswerForm, type FormValues } from '../ui/widgets/AnswerForm';
import { Markdown } from '../ui/widgets/Markdown';
import type { Route } from '../ui/shell/router';
import { DocBody } from './DocBody';
import { grade, prewarmGrading } from './grading';
import { LESSONS, PROBLEMS, directives, type Doc } from './library';
import { GradeResult } from './practice/GradeResult';
import { ReviewQueue } from './practice/ReviewQueue';
import { SolutionSection } from './practice/SolutionSection';
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

/** A fresh seed for an attempt (the engine's cases and a predict problem's numbers). */
const freshSeed = (): number => crypto.getRandomValues(new Uint32Array(1))[0]! & 0x7fffffff;

/** The lessons a problem practises (front matter `lessons`). */
export function lessonsOf(p: Doc): Doc[] {
  const l = p.front.lessons;
  const slugs = Array.isArray(l) ? l.map(String) : typeof l === 'string' ? [l] : [];
  return slugs.map((s) => LESSONS.find((x) => x.slug === s)).filter((x): x is Doc => !!x);
}

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

/** The worked answer as form values (the form's ids are `params.x`, `choices.x` or `answer`). */
function answerForm(p: Doc, starter: StarterSpec): FormValues | null {
  const a = answerSubmission(p);
  if (!a || starter.kind !== 'form') return null;
  const out: FormValues = {};
  for (const f of starter.form) {
    const [g, k] = f.id.includes('.') ? f.id.split('.') : [null, f.id];
    const group = g ? (a[g] as Record<string, unknown> | undefined) : a;
    const v = group?.[k!];
    out[f.id] = v === undefined || v === null ? '' : String(v);
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

function Problem({ p, route }: { p: Doc; route: Route }) {
  const starter = useMemo(() => starterOf(p), [p]);
  const context = useMemo(() => problemContext(p), [p]);
  const graderId = String(p.front.grader ?? p.slug);
  const seedParam = Number(route.query.get('seed') ?? '0');
  const instanceSeed = Number.isInteger(seedParam) && seedParam >= 0 ? seedParam : 0;
  const instance = useMemo(
    () => problemInstance(graderId, context, instanceSeed),
    [graderId, context, instanceSeed],
  );
  const vars: Vars = instance?.vars ?? {};
  const fill = (t: string) => (instance ? fillPlaceholders(t, vars) : t);
  const blocks = useMemo<Block[]>(
    () =>
      instance
        ? p.blocks.map((b) =>
            b.kind === 'markdown' ? { ...b, text: fillPlaceholders(b.text, vars) } : b,
          )
        : p.blocks,
    // vars follows instance
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [p, instance],
  );
  const starterKeys = useMemo(() => {
    const c = starterCall(p);
    return c.keys || c.args
      ? { keys: (c.keys ?? []).join(' '), args: (c.args ?? []).join(' ') }
      : null;
  }, [p]);
  const saved = useProgress((s) => s.saved[p.slug]);
  const solved = useProgress((s) => Boolean(s.problemsSolved[p.slug]));
  const attempts = useProgress((s) => s.attempts[p.slug] ?? 0);
  const withSolution = useProgress((s) => Boolean(s.solutionsLoaded[p.slug]));
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
  const [gaveUp, setGaveUp] = useState(false);
  const hintBlocks = directives(p, 'hint');
  const solution = directives(p, 'solution')[0];
  const practised = lessonsOf(p);
  const reviewInfo = { title: p.title, href: `#/practice/${p.slug}` };
  // Grading state lives in the attempt's store (src/store/practiceAttempt.ts); this is its view.
  const [attempt] = useState(() =>
    createPracticeAttempt(
      { slug: p.slug, graderId, context, reviewInfo },
      { grade, freshSeed, progress: () => progressStore().getState() },
    ),
  );
  const result = useStore(attempt.store, (s) => s.result);
  const busy = useStore(attempt.store, (s) => s.busy);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [p.slug]);

  // A new instance starts a new attempt at it.
  useEffect(() => {
    attempt.reset();
  }, [attempt, instanceSeed]);

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

  const run = async (replaySeed?: number) => {
    const sub =
      starter.kind === 'code'
        ? starterKeys
          ? { code, keys: words(call.keys), args: words(call.args) }
          : { code }
        : unflatten(form);
    // A predict problem is graded on the numbers it shows; others draw fresh cases each time.
    await attempt.grade(sub, instance ? instanceSeed : replaySeed);
  };

  const loadSolution = () => {
    const a = answerSubmission(p);
    if (!a) return;
    if (starter.kind === 'code') {
      setCode(String(a.code ?? ''));
      if (starterKeys) {
        const keys = Array.isArray(a.keys) ? a.keys.join(' ') : starterKeys.keys;
        const args = Array.isArray(a.args) ? a.args.join(' ') : starterKeys.args;
        setCall({ keys, args });
      }
    } else {
      const f = answerForm(p, starter);
      if (f) setForm(f);
    }
    progressStore().getState().solutionLoaded(p.slug);
  };

  const newNumbers = () => {
    window.location.hash = `#/practice/${p.slug}?seed=${freshSeed()}`;
  };

  const at = PROBLEMS.indexOf(p);
  const next = PROBLEMS[at + 1];
  // The worked solution holds the fix: it opens after a pass, or when the learner asks for it
  // (a confirmed "show me the solution"), never just because an attempt failed.
  const canSee = solved || result?.passed === true || gaveUp;
  const solutionNote =
    instance && instanceSeed !== 0
      ? 'The worked solution uses the problem’s own numbers; yours were drawn fresh. Follow the same reasoning with yours, or replay your numbers in the lab below.'
      : null;
  return (
    <article className="problem" data-testid="problem">
      <ProgressNotice />
      <p className="problem-back">
        <a href="#/practice">← All problems</a>
      </p>
      <p className="eyebrow">
        {KIND_LABEL[String(p.front.kind)] ?? 'Problem'} · problem {at + 1} of {PROBLEMS.length}
        {solved && (
          <span className="solved-tag">
            {' '}
            · solved ✓{withSolution ? ' (with the worked solution)' : ''}
          </span>
        )}
      </p>
      <h1 className="page-title">{p.title}</h1>
      {practised.length > 0 && (
        <p className="practises muted small" data-testid="problem-lessons">
          Practises{' '}
          {practised.map((l, i) => (
            <span key={l.slug}>
              {i > 0 && (i === practised.length - 1 ? ' and ' : ', ')}
              <a href={`#/lessons/${l.slug}`}>{l.title}</a>
            </span>
          ))}
          .
        </p>
      )}
      {p.error && (
        <p className="notice error" role="alert">
          This problem could not be read: {p.error}
        </p>
      )}
      {instance && (
        <div className="instance-bar card" data-testid="instance-bar">
          <span>
            {instanceSeed === 0 ? (
              'These are the problem’s own numbers.'
            ) : (
              <>
                Fresh numbers, drawn from seed{' '}
                <strong data-testid="instance-seed">{instanceSeed}</strong>.
              </>
            )}
          </span>
          <button type="button" className="button" onClick={newNumbers} data-testid="new-numbers">
            New numbers
          </button>
          {instanceSeed !== 0 && (
            <a className="button" href={`#/practice/${p.slug}`}>
              The problem’s own numbers
            </a>
          )}
        </div>
      )}
      <DocBody blocks={blocks} only={['lab', 'editor', 'races']} />

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
              onRun={busy ? undefined : () => void run()}
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
                  <code>{'{key}'}</code>, <code>{'{tenant}'}</code>, <code>{'{cost}'}</code>,{' '}
                  <code>{'{server}'}</code>, <code>{'{now}'}</code>, <code>{'{op}'}</code> and{' '}
                  <code>{'{id}'}</code> are filled in for each call; any other braces are sent as
                  they are.
                </p>
              </div>
            )}
          </>
        )}
        <div className="grade-row">
          <button
            type="button"
            className="button primary"
            onClick={() => void run()}
            disabled={busy}
            data-testid="grade"
          >
            {busy ? 'Grading…' : attempts > 0 ? 'Grade again' : 'Grade'}
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
          <span className="muted small" data-testid="attempts">
            {attempts > 0 ? `${attempts} attempt${attempts === 1 ? '' : 's'} so far. ` : ''}
            Hidden cases run on the lab&apos;s engine, in a worker in your browser.
          </span>
        </div>
        {result && <GradeResult r={result} onReplay={instance ? undefined : (s) => void run(s)} />}
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
                  <Markdown text={fill(h.text)} />
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
        <SolutionSection
          p={p}
          text={solution.text}
          canSee={canSee}
          onGiveUp={() => {
            setGaveUp(true);
            progressStore().getState().answered(`problem:${p.slug}`, false, reviewInfo);
          }}
          onLoad={answerSubmission(p) ? loadSolution : null}
          note={solutionNote}
        />
      )}
      {solution && instance && canSee && (
        <p className="row">
          <a
            className="button"
            href={`#/lab?scenario=${encodeShare(instance.scenario)}`}
            data-testid="instance-open-lab"
          >
            Run {instanceSeed === 0 ? 'this problem' : 'your numbers'} in the lab
          </a>
        </p>
      )}
    </article>
  );
}

export default function PracticePage({ route }: { route: Route }) {
  const slug = route.parts[1];
  const solved = useProgress((s) => s.problemsSolved);
  const loaded = useProgress((s) => s.solutionsLoaded);
  // Coming back from a problem, the list starts at the top (the review queue is there).
  useEffect(() => {
    if (!slug) window.scrollTo(0, 0);
  }, [slug]);
  // The grading worker starts (and loads Lua) as the page opens; every grade reuses it.
  useEffect(() => prewarmGrading(), []);
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
    return <Problem key={p.slug} p={p} route={route} />;
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
      <ReviewQueue />
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
                {solved[p.slug] && (
                  <span className="solved-tag">
                    Solved{loaded[p.slug] ? ' with the worked solution' : ''} ·{' '}
                  </span>
                )}
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
