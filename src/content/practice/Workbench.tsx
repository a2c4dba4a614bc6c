// The learner's side of a problem: the answer form or the Lua editor (with KEYS and ARGV), the
// Grade button and the attempts so far, then the verdict and, after a pass, the next problem.
import type { StarterSpec } from '../../core/content/directives';
import { LuaEditor } from '../../ui/editor/LuaEditor';
import { AnswerForm, type FormValues } from '../../ui/widgets/AnswerForm';
import { Markdown } from '../../ui/widgets/Markdown';
import type { GradeOutcome } from '../grading';
import type { Doc } from '../library';
import { GradeResult } from './GradeResult';
import type { CallText } from './savedWork';
import { ScriptCallFields } from './ScriptCallFields';

export interface WorkbenchProps {
  starter: StarterSpec;
  /** The starter's KEYS and ARGV, or null when the problem does not let them be edited. */
  starterCall: CallText | null;
  form: FormValues;
  onForm: (f: FormValues) => void;
  code: string;
  onCode: (c: string) => void;
  call: CallText;
  onCall: (c: CallText) => void;
  busy: boolean;
  attempts: number;
  result: GradeOutcome | null;
  /** Grade the work (with a seed: replay that attempt's cases). */
  onGrade: (seed?: number) => void;
  /** A failing case's seed may be graded again (not for a problem with drawn numbers). */
  replayable: boolean;
  next: Doc | undefined;
}

export function Workbench(w: WorkbenchProps) {
  const { starter, starterCall, busy, attempts, result } = w;
  return (
    <section className="workbench card" aria-labelledby="workbench-h">
      <h2 id="workbench-h">{starter.kind === 'code' ? 'Your script' : 'Your answer'}</h2>
      {starter.note && <Markdown text={starter.note} />}
      {starter.kind === 'form' ? (
        <AnswerForm fields={starter.form} values={w.form} onChange={w.onForm} />
      ) : (
        <>
          <LuaEditor
            label="Your Lua script"
            value={w.code}
            onChange={w.onCode}
            onRun={busy ? undefined : () => w.onGrade()}
            height="22rem"
          />
          {starterCall && <ScriptCallFields call={w.call} onChange={w.onCall} />}
        </>
      )}
      <div className="grade-row">
        <button
          type="button"
          className="button primary"
          onClick={() => w.onGrade()}
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
              w.onCode(starter.code);
              if (starterCall) w.onCall(starterCall);
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
      {result && <GradeResult r={result} onReplay={w.replayable ? w.onGrade : undefined} />}
      {result?.passed && w.next && (
        <p>
          <a className="button primary" href={`#/practice/${w.next.slug}`}>
            Next problem: {w.next.title} →
          </a>
        </p>
      )}
    </section>
  );
}
