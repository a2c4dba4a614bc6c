// Configure problems: the learner picks parameters; hidden cases check the properties the
// problem asks for on generated traffic, against the reference configuration.
// One grader per file here; what they share is in shared.ts.
export { configureBurstAndSustain } from './burstAndSustain';
export { configurePerServerShare } from './perServerShare';
export { retryStormJitter } from './retryStormJitter';
export { shadowModePolicy } from './shadowModePolicy';
