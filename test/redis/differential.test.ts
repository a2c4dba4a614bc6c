// Differential tests: every case in test/redis/corpus/*.jsonl runs on the lab's Redis model
// and on a real redis-server (7.0), and the replies must match. Error replies are compared by
// their first word (the error code) unless the case says "exactErrors": true. Cases that
// depend on the virtual clock (advance steps, TIME, TTL expiry) cannot run on a real server:
// they carry "expect" (the replies in the redis verb's JSON encoding) and run on the model
// only. "cluster": true cases run on a second server started with cluster mode on (one node
// owning all 16384 slots) and on the model in cluster mode. A step with "unordered": true
// compares an array reply as a multiset (KEYS order is a hash table's order in Redis);
// "unordered": "deep" does so at every level (SCAN's [cursor, [keys]]).
//
// Without redis-server (REDIS_SERVER or /usr/bin/redis-server) the real-server half is
// skipped with a loud message; with REQUIRE_REDIS=1 that is a failure.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toJson, toJsonText, type JsonReply, type Reply } from '../../src/core/redis/reply';
import type { ScriptEngine } from '../../src/core/redis/scripting';
import {
  loadScriptEngine,
  needsScripting,
  parseRedisCase,
  runRedisCase,
  type RedisCase,
} from '../../src/cli/redisVerb';
import { redisRequired, serverMissing, startServer, stopServer, type Server } from './server';

const here = dirname(fileURLToPath(import.meta.url));
const corpusDir = join(here, 'corpus');

interface CorpusCase {
  file: string;
  line: number;
  raw: Record<string, unknown>;
  case: RedisCase;
  expect?: JsonReply[];
  exactErrors: boolean;
  unordered: Array<boolean | 'deep'>;
}

function loadCorpus(): CorpusCase[] {
  const out: CorpusCase[] = [];
  const files = readdirSync(corpusDir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort();
  for (const file of files) {
    const lines = readFileSync(join(corpusDir, file), 'utf8').split('\n');
    lines.forEach((text, i) => {
      if (text.trim() === '') return;
      const raw = JSON.parse(text) as Record<string, unknown>;
      const c = parseRedisCase(raw, `${file}:${i + 1}`);
      const steps = raw.steps as Array<Record<string, unknown>>;
      out.push({
        file,
        line: i + 1,
        raw,
        case: c,
        expect: raw.expect as JsonReply[] | undefined,
        exactErrors: raw.exactErrors === true,
        unordered: steps
          .filter((s) => s.cmd !== undefined)
          .map((s) => (s.unordered === 'deep' ? 'deep' : s.unordered === true)),
      });
    });
  }
  return out;
}

const corpus = loadCorpus();
const known = JSON.parse(readFileSync(join(here, 'known-differences.json'), 'utf8')) as {
  cases: Array<{ name: string; reason: string }>;
};
const knownNames = new Set(known.cases.map((k) => k.name));

function normalize(r: Reply, exactErrors: boolean, unordered: boolean | 'deep'): string {
  if (r.t === 'err' && !exactErrors) return JSON.stringify({ err: r.v.split(' ')[0] });
  if (r.t === 'arr' && unordered) {
    return (
      '[' +
      r.v
        .map((x) => normalize(x, exactErrors, unordered === 'deep' ? 'deep' : false))
        .sort()
        .join(',') +
      ']'
    );
  }
  if (r.t === 'arr') return '[' + r.v.map((x) => normalize(x, exactErrors, false)).join(',') + ']';
  return toJsonText(r);
}

// ---------------------------------------------------------------------------------------
// Real servers

let plain: Server | null = null;
let cluster: Server | null = null;
let missing = '';
let engine: ScriptEngine | null = null;

beforeAll(async () => {
  if (needsScripting(corpus.map((c) => c.case))) engine = await loadScriptEngine();
  missing = serverMissing();
  if (missing !== '') {
    console.warn(
      `\n!!!!!!!! ${missing}: the differential half of test/redis is SKIPPED; only ` +
        `model-only cases ran. Set REQUIRE_REDIS=1 to make this a failure. !!!!!!!!\n`,
    );
    return;
  }
  [plain, cluster] = await Promise.all([startServer(false), startServer(true)]);
});

afterAll(() => {
  stopServer(plain);
  stopServer(cluster);
});

describe('redis-server availability', () => {
  it('has a real server to compare with (REQUIRE_REDIS=1 makes this mandatory)', () => {
    if (redisRequired) expect(missing).toBe('');
  });
});

async function runReal(s: Server, c: RedisCase): Promise<Reply[]> {
  await s.client.call(['RESET']);
  await s.client.call(['FLUSHALL']);
  await s.client.call(['SCRIPT', 'FLUSH']);
  await s.client.call(['FUNCTION', 'FLUSH']);
  const out: Reply[] = [];
  for (const step of c.steps) {
    if (!('cmd' in step)) throw new Error('advance steps need "expect" (model-only case)');
    out.push(await s.client.call(step.cmd));
  }
  return out;
}

const byFile = new Map<string, CorpusCase[]>();
for (const c of corpus) {
  const list = byFile.get(c.file) ?? [];
  list.push(c);
  byFile.set(c.file, list);
}

describe('corpus sanity', () => {
  it('has unique case names', () => {
    const seen = new Set<string>();
    const dups = corpus.filter((c) =>
      seen.has(c.case.name) ? true : (seen.add(c.case.name), false),
    );
    expect(dups.map((c) => `${c.file}:${c.line} ${c.case.name}`)).toEqual([]);
  });
  it('gives every clock-dependent case expectations', () => {
    const bad = corpus.filter(
      (c) => c.expect === undefined && c.case.steps.some((s) => 'advance' in s),
    );
    expect(bad.map((c) => `${c.file}:${c.line} ${c.case.name}`)).toEqual([]);
  });
});

for (const [file, cases] of byFile) {
  describe(file, () => {
    for (const c of cases) {
      it(`${c.case.name} (${file}:${c.line})`, async () => {
        const model = runRedisCase(c.case, engine);
        if (c.expect !== undefined) {
          expect(model.map(toJson)).toEqual(c.expect);
          return;
        }
        const server = c.case.cluster ? cluster : plain;
        if (server === null || knownNames.has(c.case.name)) return;
        const real = await runReal(server, c.case);
        const norm = (rs: Reply[]): string[] =>
          rs.map((r, i) => normalize(r, c.exactErrors, c.unordered[i] ?? false));
        const cmds = c.case.steps.flatMap((s) => ('cmd' in s ? [s.cmd.join(' ')] : []));
        const show = (rs: string[]): string[] => rs.map((r, i) => `${cmds[i]} -> ${r}`);
        expect(show(norm(model))).toEqual(show(norm(real)));
      });
    }
  });
}
