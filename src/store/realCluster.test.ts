import { describe, expect, it } from 'vitest';
import { HOW_TO_CONNECT_CLUSTER, realClusterScene } from './realCluster';

const answer = (status: number, body: unknown): typeof fetch =>
  (async () =>
    new Response(typeof body === 'string' ? body : JSON.stringify(body), {
      status,
    })) as typeof fetch;
const BODY = { keys: ['rl:a:0'], nodes: 3, multiKey: null };

describe('realClusterScene', () => {
  it('says how to start the lab server with a cluster when there is no server, no route or no Redis', async () => {
    const down: typeof fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    for (const f of [down, answer(404, 'Not Found'), answer(503, { error: 'none' })]) {
      const r = await realClusterScene(BODY, f);
      expect(r).toEqual({ ok: false, message: HOW_TO_CONNECT_CLUSTER });
    }
    expect(HOW_TO_CONNECT_CLUSTER).toMatch(/REDIS_CLUSTER_URL=redis:\/\/127\.0\.0\.1:7000/);
  });
  it("passes on the server's message (a single server, bad input)", async () => {
    const error =
      'redis://127.0.0.1:6379 is one server, not a cluster: start the lab server with REDIS_CLUSTER_URL';
    expect(await realClusterScene(BODY, answer(400, { error }))).toEqual({
      ok: false,
      message: error,
    });
  });
  it('returns the result, and refuses an answer it cannot read', async () => {
    const result = {
      cluster: { label: 'x', masters: [] },
      modelNodes: 3,
      keys: [],
      multiKey: null,
    };
    expect(await realClusterScene(BODY, answer(200, { result }))).toEqual({
      ok: true,
      value: result,
    });
    expect(await realClusterScene(BODY, answer(200, { result: { keys: 3 } }))).toEqual({
      ok: false,
      message: 'the lab server answered something the lab cannot read',
    });
  });
});
