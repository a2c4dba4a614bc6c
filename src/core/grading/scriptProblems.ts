// The fix/write problems graded against a built-in limiter (the two atomicity problems are
// race-graded: races/). Each names its reference, its starter's calling convention, a
// few named examples (N and N+1, exact boundaries, a cost above the limit, two clients) and the
// shape of its generated traffic; structure checks look at the Redis state the script leaves.
// One file per problem (or pair of problems sharing a reference) under script/.
export { reqs } from './script/shared';
export { writeGcra } from './script/gcra';
export { fixSlidingLogBound, writeSlidingLogWeighted } from './script/slidingLogs';
export { writeConcurrencyLease } from './script/concurrencyLease';
export { fixCrossslot, writeAllOrNothing } from './script/buckets';
export { fixClockBackwards } from './script/fixClockBackwards';
