// One practice problem: its header, its text (with a predict problem's drawn numbers), the
// workbench, hints and the worked solution. The attempt's grading state lives in its store
// (src/store/practiceAttempt.ts); the work is saved as the learner types.
import { useEffect, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import {
  answerSubmission,
  problemContext,
  starterCall,
  starterOf,
  unflatten,
} from '../../core/grading/submission';
import { encodeShare } from '../../core/share';
import { createPracticeAttempt } from '../../store/practiceAttempt';
import { progressStore } from '../../store/progress';
import type { Route } from '../../ui/shell/router';
import type { FormValues } from '../../ui/widgets/AnswerForm';
import { DocBody } from '../DocBody';
import { grade } from '../grading';
import { PROBLEMS, directives, type Doc } from '../library';
import { useProgress } from '../useProgress';
import { Hints } from './Hints';
import { freshSeed, useProblemInstance } from './problemInstance';
import { ProblemHeader } from './ProblemHeader';
import { answerForm, initialCode, initialForm, savedText, words, type CallText } from './savedWork';
import { SolutionSection } from './SolutionSection';
import { Workbench } from './Workbench';

export function Problem({ p, route }: { p: Doc; route: Route }) {
  const starter = useMemo(() => starterOf(p), [p]);
  const context = useMemo(() => problemContext(p), [p]);
  const graderId = String(p.front.grader ?? p.slug);
  const {
    seed: instanceSeed,
    instance,
    fill,
    blocks,
  } = useProblemInstance(p, graderId, context, route);
  const starterKeys = useMemo<CallText | null>(() => {
    const c = starterCall(p);
    return c.keys || c.args
      ? { keys: (c.keys ?? []).join(' '), args: (c.args ?? []).join(' ') }
      : null;
  }, [p]);
  const saved = useProgress((s) => s.saved[p.slug]);
  const solved = useProgress((s) => Boolean(s.problemsSolved[p.slug]));
  const attempts = useProgress((s) => s.attempts[p.slug] ?? 0);
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
  const [gaveUp, setGaveUp] = useState(false);
  const solution = directives(p, 'solution')[0];
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
    const { text, untouched } = savedText(starter, starterKeys, { code, call, form });
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

  const next = PROBLEMS[PROBLEMS.indexOf(p) + 1];
  // The worked solution holds the fix: it opens after a pass, or when the learner asks for it
  // (a confirmed "show me the solution"), never just because an attempt failed.
  const canSee = solved || result?.passed === true || gaveUp;
  const solutionNote =
    instance && instanceSeed !== 0
      ? 'The worked solution uses the problem’s own numbers; yours were drawn fresh. Follow the same reasoning with yours, or replay your numbers in the lab below.'
      : null;
  return (
    <article className="problem" data-testid="problem">
      <ProblemHeader p={p} seed={instanceSeed} drawn={instance !== null} />
      <DocBody blocks={blocks} only={['lab', 'editor', 'races']} />
      <Workbench
        starter={starter}
        starterCall={starterKeys}
        form={form}
        onForm={setForm}
        code={code}
        onCode={setCode}
        call={call}
        onCall={setCall}
        busy={busy}
        attempts={attempts}
        result={result}
        onGrade={(s) => void run(s)}
        replayable={!instance}
        next={next}
      />
      <Hints hints={directives(p, 'hint')} fill={fill} />
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
