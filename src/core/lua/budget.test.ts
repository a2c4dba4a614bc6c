import { describe, expect, it } from 'vitest';
import { SCRIPT_BUDGET_MS, SCRIPT_STEP_BUDGET, STEPS_PER_MS, stepBudgetText } from './budget';
import { createLuaEngine } from './index';
import { RedisModel } from '../redis/model';
import { toJson } from '../redis/reply';

describe('the script step budget', () => {
  it('is one figure, said one way', () => {
    expect(SCRIPT_BUDGET_MS * STEPS_PER_MS).toBe(SCRIPT_STEP_BUDGET);
    expect(stepBudgetText()).toBe('5,000,000 Lua steps');
  });

  it("is what the engine's runaway message names when a worker passes SCRIPT_BUDGET_MS", async () => {
    const engine = await createLuaEngine({ budgetMs: SCRIPT_BUDGET_MS });
    const redis = new RedisModel({ scriptEngine: engine });
    const reply = toJson(redis.call(['EVAL', 'while true do end', '0']));
    expect(reply).toMatchObject({ err: expect.stringContaining(`budget of ${stepBudgetText()}`) });
  });
});
