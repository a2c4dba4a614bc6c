// Practice graders for the limiter in production (issue 15): a replica's lag under a failover,
// the size of token leases, shards for a hot global key, a clock-skew alert threshold, a policy
// rolled out in shadow mode (enforce: false) and an alert rule read from the limiter's signals.
// Each grades on cases generated from the attempt's seed (fast-check, times in whole
// microseconds, never on a grid), and judges the engine's own measures of the run
// (src/core/production): the overage beyond the policy, writes lost, store calls, stranded
// tokens, per-shard load, would-be rejections and the signals. A failure says what happened on
// the case, with the numbers the engine measured, and never the setting that would pass.
// One grader per file here; what they share is in shared.ts.
import type { Grader } from '../types';
import { clockSkewThreshold } from './clockSkewThreshold';
import { failoverReplicaLag } from './failoverReplicaLag';
import { leaseSize } from './leaseSize';
import { shadowEnforceFalse } from './shadowEnforceFalse';
import { shardHotKey } from './shardHotKey';
import { signalsAlert } from './signalsAlert';

export { engineOf } from './shared';
export { ALERT_METRICS } from './signalsAlert';

export const PRODUCTION_GRADERS: Grader[] = [
  failoverReplicaLag,
  leaseSize,
  shardHotKey,
  clockSkewThreshold,
  shadowEnforceFalse,
  signalsAlert,
];
