// ```question: a check question, `q-<n>`; the first opens "Check yourself". In a lesson, a
// missed question joins the review queue.
import type { QuestionSpec } from '../../core/content/directives';
import { progressStore } from '../../store/progress';
import { Question } from '../../ui/widgets/Question';
import type { DirectiveWidgetProps } from './types';

const answered = (id: string, right: boolean, info: { title: string; href: string }) =>
  progressStore().getState().answered(id, right, info);

export default function QuestionBlock({ block, n, total, lesson }: DirectiveWidgetProps) {
  return (
    <div id={`q-${n}`}>
      {n === 1 && (
        <h2 className="check-heading" id="check-yourself">
          Check yourself
        </h2>
      )}
      <Question
        spec={block.json as QuestionSpec}
        number={n}
        total={total}
        review={
          lesson
            ? {
                id: `question:${lesson.slug}:${n}`,
                title: `${lesson.title}: question ${n}`,
                href: `#/lessons/${lesson.slug}?q=${n}`,
                onAnswer: answered,
              }
            : undefined
        }
      />
    </div>
  );
}
