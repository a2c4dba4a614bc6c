// Graders by id (= the problem's slug, front matter `grader:`). Adding a problem means adding
// its grader here; grading.test.ts checks that every problem's worked answer passes its grader,
// its starter fails it, and every grader here belongs to a problem.
import { chooseFailureModes, http429Response } from './choose';
import {
  configureBurstAndSustain,
  configurePerServerShare,
  retryStormJitter,
  shadowModePolicy,
} from './configure/index';
import { PRODUCTION_GRADERS } from './production/index';
import { fixGetThenSet, fixIncrThenExpire } from './races/index';
import {
  predictBoundaryBurst,
  predictLocalVsShared,
  predictNginxBurst,
  predictSwcEstimate,
} from './predict';
import {
  fixClockBackwards,
  fixCrossslot,
  fixSlidingLogBound,
  writeAllOrNothing,
  writeConcurrencyLease,
  writeGcra,
  writeSlidingLogWeighted,
} from './scriptProblems';
import type { Grader } from './types';

export const GRADERS: Grader[] = [
  predictLocalVsShared,
  predictBoundaryBurst,
  predictNginxBurst,
  predictSwcEstimate,
  configureBurstAndSustain,
  configurePerServerShare,
  retryStormJitter,
  shadowModePolicy,
  chooseFailureModes,
  http429Response,
  fixGetThenSet,
  fixIncrThenExpire,
  fixClockBackwards,
  fixSlidingLogBound,
  fixCrossslot,
  writeGcra,
  writeSlidingLogWeighted,
  writeConcurrencyLease,
  writeAllOrNothing,
  ...PRODUCTION_GRADERS,
];

const byId = new Map(GRADERS.map((g) => [g.id, g]));

export function graderById(id: string): Grader | undefined {
  return byId.get(id);
}
