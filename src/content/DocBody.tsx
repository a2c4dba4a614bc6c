import type { Block } from '../core/content/parseDoc';
import type { EditorSpec, QuestionSpec } from '../core/content/directives';
import { parseSteps } from '../core/content/steps';
import { LuaEditorWidget } from '../ui/widgets/LuaEditorWidget';
import { Markdown } from '../ui/widgets/Markdown';
import { Question } from '../ui/widgets/Question';
import { LabWidget } from '../ui/widgets/LabWidget';
import { RacesWidget } from '../ui/widgets/RacesWidget';
import { NarratedSteps } from '../ui/widgets/NarratedSteps';
import { showStep } from '../ui/widgets/widgetStages';
import { progressStore } from '../store/progress';

const answered = (id: string, right: boolean, info: { title: string; href: string }) =>
  progressStore().getState().answered(id, right, info);

/**
 * Renders a lesson's blocks: Markdown runs and the widgets its directives ask for. Lab widgets
 * get ids `lab-1`, `lab-2`, ... so links (interview mode) can point at one, and questions
 * `q-1`, `q-2`, ...; in a lesson (`lesson` given) a missed question joins the review queue.
 */
export function DocBody({
  blocks,
  only,
  lesson,
  lessonTitle,
}: {
  blocks: Block[];
  only?: readonly string[];
  lesson?: string;
  lessonTitle?: string;
}) {
  let q = 0;
  let lab = 0;
  const totalQ = blocks.filter((b) => b.kind === 'directive' && b.name === 'question').length;
  const labBlocks = blocks.filter(
    (b): b is Extract<Block, { kind: 'directive' }> => b.kind === 'directive' && b.name === 'lab',
  );
  return (
    <>
      {blocks.map((b, i) => {
        if (b.kind === 'markdown') return <Markdown key={i} text={b.text} />;
        if (only && !only.includes(b.name)) return null;
        switch (b.name) {
          case 'question':
            q++;
            return (
              <div key={i} id={`q-${q}`}>
                {q === 1 && (
                  <h2 className="check-heading" id="check-yourself">
                    Check yourself
                  </h2>
                )}
                <Question
                  spec={b.json as QuestionSpec}
                  number={q}
                  total={totalQ}
                  review={
                    lesson
                      ? {
                          id: `question:${lesson}:${q}`,
                          title: `${lessonTitle ?? lesson}: question ${q}`,
                          href: `#/lessons/${lesson}?q=${q}`,
                          onAnswer: answered,
                        }
                      : undefined
                  }
                />
              </div>
            );
          case 'recap':
            return (
              <aside key={i} className="recap card" aria-label="Recap">
                <h2>Recap</h2>
                <Markdown text={b.text} />
              </aside>
            );
          case 'editor':
            return <LuaEditorWidget key={i} spec={b.json as EditorSpec} />;
          case 'races':
            return <RacesWidget key={i} spec={b.json} />;
          case 'steps': {
            const { spec, errors } = parseSteps(b.json);
            if (!spec)
              return (
                <p key={i} className="notice error" role="alert">
                  These narrated steps could not be read: {errors[0]?.message}
                </p>
              );
            const n = spec.lab ?? lab;
            const target = labBlocks[n - 1];
            return (
              <NarratedSteps
                key={i}
                spec={spec}
                labId={n > 0 ? `lab-${n}` : undefined}
                twoLanes={Boolean(target && (target.json as Record<string, unknown>).compare)}
                // Each step moves the lab widget it narrates: its time, request, lane, server
                // and the step's caption on the scene.
                onStep={
                  n > 0
                    ? (s, k) =>
                        showStep(`lab-${n}`, {
                          ...s,
                          label: `Step ${k + 1} of ${spec.steps.length}`,
                        })
                    : undefined
                }
              />
            );
          }
          case 'lab':
            lab++;
            return <LabWidget key={i} spec={b.json as Record<string, unknown>} id={`lab-${lab}`} />;
          default:
            return null;
        }
      })}
    </>
  );
}
