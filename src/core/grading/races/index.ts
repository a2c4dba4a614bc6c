// The atomicity problems, graded as app-server code under every interleaving and crash point
// (grader.ts): one grader per problem here; what they share is in shared.ts. Cases marked
// `about` check what the problem is about (the race, the crash) and run first.
export { fixGetThenSet } from './fixGetThenSet';
export { fixIncrThenExpire } from './fixIncrThenExpire';
export { raceGrader } from './grader';
export type { DecisionCase, RaceCase, RaceProblem } from './types';
