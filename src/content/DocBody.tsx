import type { Block } from '../core/content/parseDoc';
import { LuaEditorWidget } from '../ui/widgets/LuaEditorWidget';
import { Markdown } from '../ui/widgets/Markdown';
import { Question, type QuestionSpec } from '../ui/widgets/Question';
import { LabWidget } from '../ui/widgets/LabWidget';

/** Renders a lesson's blocks: Markdown runs and the widgets its directives ask for. */
export function DocBody({ blocks }: { blocks: Block[] }) {
  let q = 0;
  return (
    <>
      {blocks.map((b, i) => {
        if (b.kind === 'markdown') return <Markdown key={i} text={b.text} />;
        switch (b.name) {
          case 'question':
            q++;
            return <Question key={i} spec={b.json as QuestionSpec} number={q} />;
          case 'recap':
            return (
              <aside key={i} className="recap card" aria-label="Recap">
                <h2>Recap</h2>
                <Markdown text={b.text} />
              </aside>
            );
          case 'editor':
            return <LuaEditorWidget key={i} spec={b.json as { template?: string; code?: string }} />;
          case 'lab':
            return <LabWidget key={i} spec={b.json as Record<string, unknown>} />;
          default:
            return null;
        }
      })}
    </>
  );
}
