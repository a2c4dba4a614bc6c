// Traffic for the Lua editor's scene: small, explicit request lists (server named), so the
// script run in the worker and the scene's run see exactly the same requests in the same
// order. Each preset is a few seconds of traffic a learner can follow by eye.

export interface EditorRequest {
  at: number;
  server: string;
  key: string;
  cost: number;
}

export type TrafficId = 'worked' | 'steady' | 'burst' | 'race' | 'two-clients' | 'boundary';

export interface TrafficPreset {
  id: TrafficId;
  label: string;
  describe: string;
  requests(): EditorRequest[];
}

const round = (x: number) => Math.round(x * 1e6) / 1e6;
const AB = (i: number) => (i % 2 === 0 ? 'A' : 'B');

export const TRAFFIC: readonly TrafficPreset[] = [
  {
    id: 'steady',
    label: 'Steady: 2 requests/s for 10 s',
    describe: '20 requests from one client, every 0.5 s, alternating servers A and B.',
    requests: () =>
      Array.from({ length: 20 }, (_, i) => ({
        at: round(0.5 + i * 0.5),
        server: AB(i),
        key: 'client-1',
        cost: 1,
      })),
  },
  {
    id: 'worked',
    label: 'Worked example: A, B, A, B, A',
    describe: '5 requests from one client, one a second, alternating servers.',
    requests: () =>
      ['A', 'B', 'A', 'B', 'A'].map((server, i) => ({
        at: i + 1,
        server,
        key: 'client-1',
        cost: 1,
      })),
  },
  {
    id: 'burst',
    label: 'Burst: 10 requests in 1 s, then a trickle',
    describe: '10 requests 0.1 s apart at t = 1, then one every 2 s until t = 15.',
    requests: () => [
      ...Array.from({ length: 10 }, (_, i) => ({
        at: round(1 + i * 0.1),
        server: AB(i),
        key: 'client-1',
        cost: 1,
      })),
      ...Array.from({ length: 7 }, (_, i) => ({
        at: 3 + i * 2,
        server: AB(i),
        key: 'client-1',
        cost: 1,
      })),
    ],
  },
  {
    id: 'race',
    label: 'Race: A and B at the same moment',
    describe: '4 pairs of requests; in each pair A and B arrive at the same instant.',
    requests: () =>
      [1, 2, 3, 4].flatMap((t) => [
        { at: t, server: 'A', key: 'client-1', cost: 1 },
        { at: t, server: 'B', key: 'client-1', cost: 1 },
      ]),
  },
  {
    id: 'two-clients',
    label: 'Two clients, one noisy',
    describe: 'client-1 sends every 0.4 s, client-2 every 2 s, for 10 s.',
    requests: () => {
      const out: EditorRequest[] = [];
      for (let i = 0; i < 25; i++)
        out.push({ at: round(0.4 + i * 0.4), server: AB(i), key: 'client-1', cost: 1 });
      for (let i = 0; i < 5; i++)
        out.push({ at: 1 + i * 2, server: AB(i + 1), key: 'client-2', cost: 1 });
      return out.sort((a, b) => a.at - b.at);
    },
  },
  {
    id: 'boundary',
    label: 'Window boundary: 4 just before t = 60, 4 just after',
    describe: '4 requests in the half second before t = 60 and 4 in the half second after.',
    requests: () =>
      Array.from({ length: 8 }, (_, i) => ({
        at: round(i < 4 ? 59.5 + i * 0.1 : 60.1 + (i - 4) * 0.1),
        server: AB(i),
        key: 'client-1',
        cost: 1,
      })),
  },
];

export function trafficById(id: string): TrafficPreset {
  return TRAFFIC.find((t) => t.id === id) ?? TRAFFIC[0]!;
}

/** The lab's `lua` limiter fills KEYS/ARGV templates; the editor's runner uses the same code. */
export { substitute } from '../lua/templateArgs';
