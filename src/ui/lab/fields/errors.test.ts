// Which control shows which of the engine's messages: every message is shown somewhere.
import { describe, expect, it } from 'vitest';
import { errorsFor, leftoverErrors, pathText, unplacedErrors } from './errors';

describe('the engine’s messages among the controls', () => {
  it('a field shows the messages for its path and inside it, not a longer name', () => {
    const errors = [
      'params.limit must be a finite number > 0',
      'params.limitX is not a known field',
      'scenario.seed must be at most 4294967295',
      'store.outages[0].to must be greater than store.outages[0].from',
    ];
    expect(errorsFor(errors, 'params.limit')).toEqual([errors[0]]);
    expect(errorsFor(errors, 'seed')).toEqual([errors[2]]);
    expect(errorsFor(errors, pathText(['store', 'outages', 0, 'to']))).toEqual([errors[3]]);
  });

  it('a group shows the messages of its prefixes that none of its fields shows', () => {
    const errors = [
      'store.failover needs store.replica (the replica that is promoted)',
      'store.failover.at must be a finite number >= 0',
    ];
    expect(leftoverErrors(errors, ['store.failover'], ['store.failover.at'])).toEqual([errors[0]]);
  });

  it('the catch-all list leaves out what fields and groups show', () => {
    const errors = [
      'requests[3].server "C" is not a server',
      'params.limit must be a finite number > 0',
      'lease needs placement "leased"',
      'store.replica needs a shared store (placement "local" has none)',
      'servers must list from 1 to 8 servers',
    ];
    expect(unplacedErrors(errors)).toEqual([errors[0]]);
  });
});
