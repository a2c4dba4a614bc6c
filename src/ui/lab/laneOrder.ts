// Which lane is drawn on the left. The lab's own comparison always puts the counter in each
// server on the left and the shared counter on the right, whichever of them is the loaded
// scenario; a lesson's (or a link's) override keeps its lanes in the order it gives them. The
// lab page and the presenter's scene both read it, so projecting the lab never swaps its sides.
import type { LabRun } from '../../core/lab/labRun';
import type { Lane } from '../../store/labStore';

export interface OrderedLane {
  r: LabRun;
  lane: Lane;
  title: string;
}

export function lanesInOrder(
  run: LabRun,
  compare: LabRun | null,
  override: unknown,
  titles: { main: string; compare: string | null },
): OrderedLane[] {
  const lanes: OrderedLane[] = [{ r: run, lane: 'main', title: titles.main }];
  if (compare) lanes.push({ r: compare, lane: 'compare', title: titles.compare ?? '' });
  if (!override && compare !== null && run.shared) lanes.reverse();
  return lanes;
}
