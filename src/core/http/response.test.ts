import { describe, expect, it } from 'vitest';
import { labRun } from '../lab/labRun';
import { parseScenario } from '../scenario/validate';
import { headerValue, httpResponse } from './response';

const five = ['A', 'B', 'A', 'B', 'A'].map((server, i) => ({ at: i + 1, server, key: 'client-1' }));
const fw = { algorithm: 'fixed-window', params: { limit: 3, windowSeconds: 60 } };
const respond = (sc: object, i: number) => {
  const run = labRun(parseScenario(sc), { seekable: false });
  return httpResponse(run, run.request(i));
};

describe('the HTTP response of a decision', () => {
  it('an admitted request: 200 with the policy and what remains', () => {
    const h = respond({ ...fw, requests: five }, 0);
    expect(h.status).toBe(200);
    expect(h.statusText).toBe('OK');
    expect(h.body).toBeNull();
    expect(h.draftHeaders).toEqual([
      ['RateLimit-Policy', '"main";q=3;w=60'],
      ['RateLimit', '"main";r=2'],
    ]);
  });
  it('a refusal: 429, problem+json, no-store, Retry-After from the engine', () => {
    const h = respond({ ...fw, requests: five }, 3);
    expect([h.status, h.statusText]).toEqual([429, 'Too Many Requests']);
    expect(headerValue(h, 'content-type')).toBe('application/problem+json');
    expect(headerValue(h, 'Cache-Control')).toBe('no-store');
    expect(headerValue(h, 'Retry-After')).toBe('56');
    expect(headerValue(h, 'RateLimit')).toBe('"main";r=0;t=56');
    expect(JSON.parse(h.body!)).toMatchObject({
      status: 429,
      policy: 'main',
      retryAfterSeconds: 56,
    });
  });
  it('a cost no wait can admit: no Retry-After, and the body says so', () => {
    const h = respond({ ...fw, requests: [{ at: 0, cost: 4 }] }, 0);
    expect(headerValue(h, 'Retry-After')).toBeNull();
    expect(JSON.parse(h.body!).detail).toContain('more than policy "main" can ever admit');
  });
  it('the store down, failing closed: 503, never 429', () => {
    const h = respond({ ...fw, store: { outages: [{ from: 0, to: 9 }] }, requests: five }, 0);
    expect(h.status).toBe(503);
    expect(h.draftHeaders).toEqual([]);
    expect(JSON.parse(h.body!).type).toContain('limiter-unavailable');
  });
  it('failing open: a 200 that says it bypassed the limiter', () => {
    const h = respond(
      { ...fw, failureMode: 'fail-open', store: { outages: [{ from: 0, to: 9 }] }, requests: five },
      0,
    );
    expect(h.status).toBe(200);
    expect(headerValue(h, 'X-RateLimit-Bypass')).toContain('failing open');
  });
  it('several policies: all advertised, the one that denied named in a refusal', () => {
    const sc = {
      policies: [
        { id: 'per-minute', ...fw },
        { id: 'slots', algorithm: 'concurrency', params: { maxInFlight: 9 } },
      ],
      requests: five.map((r) => ({ ...r, duration: 0.5 })),
    };
    const h = respond(sc, 3);
    expect(h.status).toBe(429);
    expect(headerValue(h, 'RateLimit-Policy')).toBe('"per-minute";q=3;w=60, "slots";q=9');
    expect(JSON.parse(h.body!)).toMatchObject({ policies: ['per-minute', 'slots'] });
    expect(JSON.parse(h.body!)).toMatchObject({ policy: 'per-minute' });
  });
});
