// ```recap: the lesson's recap box.
import { Markdown } from '../../ui/widgets/Markdown';
import type { DirectiveWidgetProps } from './types';

export default function RecapBlock({ block }: DirectiveWidgetProps) {
  return (
    <aside className="recap card" aria-label="Recap">
      <h2>Recap</h2>
      <Markdown text={block.text} />
    </aside>
  );
}
