// ```lab: the live lab widget, `lab-<n>` so links and narrated steps can find it.
import { LabWidget } from '../../ui/widgets/LabWidget';
import type { DirectiveWidgetProps } from './types';

export default function LabBlock({ block, n }: DirectiveWidgetProps) {
  return <LabWidget spec={block.json as Record<string, unknown>} id={`lab-${n}`} />;
}
