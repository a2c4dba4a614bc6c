// ```steps: narrated steps for a lab block before it (../steps.ts reads them). The check runs
// that lab on the engine and holds every step to the run.
import { lineOfKey, type DirectiveBlock } from '../block';
import { runLane, type LaneResult } from '../lanes';
import { parseSteps, STEPS_FIELDS, stepsAgainstLanes, type StepsError } from '../steps';
import { type DirectiveCheck, type DirectiveEntry } from './entry';
import { splitLab } from './lab';

/** The file line of step `i`'s `field` inside a ```steps block (its "at" line, then the field). */
function stepLine(b: DirectiveBlock, e: StepsError): number {
  if (e.step < 0) return e.field ? lineOfKey(b, e.field) : b.line;
  const lines = b.text.split('\n');
  const starts: number[] = [];
  lines.forEach((l, k) => {
    if (/"at"\s*:/.test(l)) starts.push(k);
  });
  const from = starts[e.step];
  if (from === undefined) return lineOfKey(b, 'steps');
  const to = starts[e.step + 1] ?? lines.length;
  // A step written on one line, or its field on a later line before the next step.
  for (let k = from; k < to; k++)
    if (new RegExp(`"${e.field}"\\s*:`).test(lines[k]!)) return b.line + 1 + k;
  return b.line + 1 + from;
}

/** Runs a lab block's lane(s) on the engine, for checks that need the run. */
function lanesOf(b: DirectiveBlock): LaneResult[] {
  const parts = splitLab(b.json as Record<string, unknown>);
  const lanes = [runLane(parts.scenario)];
  if (parts.compare) lanes.push(runLane(parts.compare));
  return lanes;
}

function checkSteps(b: DirectiveBlock, c: DirectiveCheck): void {
  const { spec, errors } = parseSteps(b.json);
  for (const e of errors) c.add(stepLine(b, e), e.message);
  if (!spec) return;
  const labs = c.earlier('lab');
  const lab = spec.lab !== undefined ? labs[spec.lab - 1] : labs[labs.length - 1];
  if (!lab) {
    c.add(
      spec.lab !== undefined ? lineOfKey(b, 'lab') : b.line,
      spec.lab !== undefined
        ? `steps.lab ${spec.lab}: this lesson has ${labs.length} lab block(s) before it`
        : 'a steps block narrates a lab: put it after a lab block, or name one with "lab"',
    );
    return;
  }
  if (lab.json === null) return; // the lab's own problems are already reported
  let lanes: LaneResult[];
  try {
    lanes = lanesOf(lab);
  } catch (e) {
    c.add(b.line, `steps: the lab at line ${lab.line} could not run: ${(e as Error).message}`);
    return;
  }
  for (const e of stepsAgainstLanes(spec, lanes))
    c.add(stepLine(b, e), `${e.message} (lab at line ${lab.line})`);
}

export const steps: DirectiveEntry<'steps'> = {
  name: 'steps',
  json: true,
  fields: STEPS_FIELDS,
  closed: false,
  places: ['lesson', 'problem'],
  check: checkSteps,
};
