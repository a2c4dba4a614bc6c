// ```races: a scheduler.
import { RacesWidget } from '../../ui/widgets/RacesWidget';
import type { DirectiveWidgetProps } from './types';

export default function RacesBlock({ block }: DirectiveWidgetProps) {
  return <RacesWidget spec={block.json} />;
}
