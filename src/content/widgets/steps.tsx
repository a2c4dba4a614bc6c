// ```steps: narrated steps that move the lab widget they narrate (by default the last lab
// block before them): its time, request, lane, server and the step's caption on the scene.
import { parseSteps } from '../../core/content/steps';
import { NarratedSteps } from '../../ui/widgets/NarratedSteps';
import { showStep } from '../../ui/widgets/widgetStages';
import type { DirectiveWidgetProps } from './types';

export default function StepsBlock({ block, blocks, index }: DirectiveWidgetProps) {
  const { spec, errors } = parseSteps(block.json);
  if (!spec)
    return (
      <p className="notice error" role="alert">
        These narrated steps could not be read: {errors[0]?.message}
      </p>
    );
  const labs = blocks.filter((b) => b.kind === 'directive' && b.name === 'lab');
  const before = blocks
    .slice(0, index)
    .filter((b) => b.kind === 'directive' && b.name === 'lab').length;
  const n = spec.lab ?? before;
  const target = labs[n - 1];
  return (
    <NarratedSteps
      spec={spec}
      labId={n > 0 ? `lab-${n}` : undefined}
      twoLanes={Boolean(
        target?.kind === 'directive' && (target.json as Record<string, unknown>).compare,
      )}
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
