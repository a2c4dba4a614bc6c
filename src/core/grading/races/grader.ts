// Race-graded problems: the submission is app-server code (every redis.call is one round trip
// to the shared Redis), as the code really runs. It is graded two ways: decision cases, one
// request at a time against a built-in limiter (decisions.ts), then race cases under every
// interleaving and crash point (raceCase.ts). Only an atomic decision passes the second part:
// one EVAL/EVALSHA round trip, or a correct WATCH/MULTI/EXEC loop.
import { gradeCases, type HiddenCase } from '../harness';
import { luaEngine, scriptOf } from '../lua';
import { propertyCase } from '../property';
import { trafficArb } from '../traffic';
import type { Grader, Submission } from '../types';
import { checkDecisions, decideAll } from './decisions';
import { checkRace } from './raceCase';
import type { DecisionCase, RaceProblem } from './types';

/** A grader for app-server code: decision cases one request at a time, then the race cases. */
export function raceGrader(p: RaceProblem): Grader {
  return {
    id: p.id,
    expects: `{"code": "<app-server Lua: every redis.call is one round trip>", "keys"?: [...], "args"?: [...]}: called with KEYS ${JSON.stringify(p.spec.keys)} and ARGV ${JSON.stringify(p.spec.args)}`,
    grade(sub: Submission, opts) {
      const { code, spec } = scriptOf(sub, p.spec);
      const hidden: HiddenCase[] = [
        {
          name: 'the code is not empty',
          // Before anything else, so empty code hears that first.
          about: true,
          check: () =>
            code.trim()
              ? null
              : { name: 'the code is not empty', message: 'Write some code first.' },
        },
        ...p.decisions.map((c) => ({
          name: c.name,
          about: c.about ?? false,
          check: () => checkDecisions(p, code, spec, c),
        })),
      ];
      const gen = p.generated;
      if (gen)
        hidden.push({
          name: 'generated traffic',
          check: async () => {
            const lua = await luaEngine();
            return propertyCase(
              'generated traffic',
              trafficArb(gen.shape),
              (requests) => {
                const c: DecisionCase = {
                  name: 'generated traffic',
                  requests: requests.map((r) => ({
                    at: r.at,
                    key: r.key,
                    server: r.server,
                    cost: r.cost,
                  })),
                };
                const f = decideAll(lua, p, code, spec, c);
                return f ? { ...f, requests: c.requests.map((r) => ({ ...r })) } : null;
              },
              opts?.seed ?? 0,
              gen.runs,
            );
          },
        });
      hidden.push(
        ...p.races.map((c) => ({
          name: c.name,
          about: c.about ?? false,
          check: () => checkRace(p, code, spec, c),
        })),
      );
      const seed = opts?.seed ?? 0;
      return gradeCases(hidden, seed, opts, p.passSummary);
    },
  };
}
