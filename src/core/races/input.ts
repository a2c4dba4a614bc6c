// Reads the explorer's JSON input (the CLI's `explore` verb, share links, puzzles), naming the
// field that is wrong. Numbers in keys, args and commands are taken as their decimal text, as
// redis-cli would send them.
import { MAX_CLOCK_SECONDS } from '../redis/model';
import { ExploreInputError } from './errors';
import { placementProgram, PLACEMENT_KINDS, type PlacementSpec } from './placements';
import type { ExploreInput, Invariant, RequestSpec } from './types';
import { isObj } from '../util/isObj';

export { ExploreInputError };

export const MAX_REQUESTS = 4;
export const DEFAULT_MAX_SCHEDULES = 20000;
const MAX_SCHEDULES_LIMIT = 10_000_000;
const MAX_STEPS_LIMIT = 100_000_000;
const MAX_CODE = 100_000;

const FIELDS = [
  'code',
  'placement',
  'requests',
  'initial',
  'invariant',
  'crashes',
  'maxSchedules',
  'reduction',
  'maxRoundTrips',
  'startTime',
  'maxSteps',
  'cluster',
  'symmetry',
  'pauses',
  'maxPauses',
  // Annotations a test corpus may carry; ignored.
  'name',
  'description',
  'comment',
];
const INVARIANT_FIELDS = ['maxAdmitted', 'minAdmitted', 'allKeysHaveTtl', 'noChargeWhenDenied'];

type Obj = Record<string, unknown>;
const what = (v: unknown): string =>
  v === null
    ? 'null'
    : Array.isArray(v)
      ? 'an array'
      : typeof v === 'string'
        ? 'a string'
        : typeof v;

function words(v: unknown, path: string, errs: string[], nonEmpty: boolean): string[] {
  if (!Array.isArray(v)) {
    errs.push(`${path} must be an array of strings, got ${what(v)}`);
    return [];
  }
  if (nonEmpty && v.length === 0) errs.push(`${path} must not be empty`);
  const out: string[] = [];
  v.forEach((x: unknown, i) => {
    if (typeof x === 'string') out.push(x);
    else if (typeof x === 'number' && Number.isFinite(x)) out.push(String(x));
    else errs.push(`${path}[${i}] must be a string, got ${what(x)}`);
  });
  return out;
}

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

function readInvariant(v: unknown, errs: string[]): Invariant {
  if (!isObj(v)) {
    errs.push(
      `invariant must be an object such as {"maxAdmitted": 3} or {"allKeysHaveTtl": true}, got ${what(v)}`,
    );
    return {};
  }
  const inv: Invariant = {};
  for (const k of Object.keys(v))
    if (!INVARIANT_FIELDS.includes(k))
      errs.push(`invariant.${k} is not a known invariant (known: ${INVARIANT_FIELDS.join(', ')})`);
  if (v.maxAdmitted !== undefined) {
    if (v.maxAdmitted === 'serial') inv.maxAdmitted = 'serial';
    else if (isInt(v.maxAdmitted) && v.maxAdmitted >= 0) inv.maxAdmitted = v.maxAdmitted;
    else errs.push('invariant.maxAdmitted must be an integer >= 0 (or "serial")');
  }
  if (v.minAdmitted !== undefined) {
    if (isInt(v.minAdmitted) && v.minAdmitted >= 0) inv.minAdmitted = v.minAdmitted;
    else errs.push('invariant.minAdmitted must be an integer >= 0');
  }
  for (const f of ['allKeysHaveTtl', 'noChargeWhenDenied'] as const) {
    if (v[f] === undefined) continue;
    if (typeof v[f] === 'boolean') inv[f] = v[f];
    else errs.push(`invariant.${f} must be true or false`);
  }
  // An invariant that names nothing ({}) is the default one (explore.ts effectiveInvariant).
  return inv;
}

function readRequests(v: unknown, errs: string[], codeGiven: boolean): RequestSpec[] {
  if (!Array.isArray(v)) {
    errs.push(`requests must be an array of 1 to ${MAX_REQUESTS} requests, got ${what(v)}`);
    return [];
  }
  if (v.length < 1 || v.length > MAX_REQUESTS)
    errs.push(`requests must hold 1 to ${MAX_REQUESTS} requests, got ${v.length}`);
  return v.slice(0, MAX_REQUESTS).map((r: unknown, i): RequestSpec => {
    const path = `requests[${i}]`;
    if (!isObj(r)) {
      errs.push(`${path} must be an object {"keys": [...], "args": [...]}, got ${what(r)}`);
      return { keys: [], args: [] };
    }
    for (const k of Object.keys(r))
      if (k !== 'keys' && k !== 'args' && k !== 'code')
        errs.push(`${path}.${k} is not a known field (allowed: keys, args, code)`);
    const spec: RequestSpec = {
      keys: r.keys === undefined ? [] : words(r.keys, `${path}.keys`, errs, false),
      args: r.args === undefined ? [] : words(r.args, `${path}.args`, errs, false),
    };
    if (r.code !== undefined) {
      if (typeof r.code !== 'string' || !r.code.trim())
        errs.push(`${path}.code must be a non-empty string of Lua`);
      else spec.code = r.code;
    } else if (!codeGiven) errs.push(`${path}.code is required when there is no top-level code`);
    return spec;
  });
}

const MAX_PAUSE_MS = 86_400_000;
const MAX_PAUSE_LENGTHS = 4;
const MAX_PAUSES = 3;

/** `pauses` (lengths in ms, or "auto") and `maxPauses`. */
function readPauses(value: Obj, input: ExploreInput, errs: string[]): void {
  const p = value.pauses;
  if (p !== undefined) {
    if (p === 'auto') input.pauses = 'auto';
    else if (
      Array.isArray(p) &&
      p.length >= 1 &&
      p.length <= MAX_PAUSE_LENGTHS &&
      p.every((x) => isInt(x) && x >= 1 && x <= MAX_PAUSE_MS)
    )
      input.pauses = [...new Set(p as number[])];
    else
      errs.push(
        `pauses must be "auto" or a list of 1 to ${MAX_PAUSE_LENGTHS} pause lengths in whole milliseconds (1 to ${MAX_PAUSE_MS.toLocaleString('en')}), e.g. [1000]`,
      );
  }
  if (value.maxPauses !== undefined) {
    if (p === undefined) errs.push('maxPauses needs pauses (the lengths to try)');
    else if (isInt(value.maxPauses) && value.maxPauses >= 0 && value.maxPauses <= MAX_PAUSES)
      input.maxPauses = value.maxPauses;
    else errs.push(`maxPauses must be an integer from 0 to ${MAX_PAUSES}`);
  }
}

/** Validates explorer input; throws ExploreInputError naming every bad field. */
export function parseExploreInput(value: unknown): ExploreInput {
  const errs: string[] = [];
  if (!isObj(value))
    throw new ExploreInputError([`input must be a JSON object, got ${what(value)}`]);
  for (const k of Object.keys(value))
    if (!FIELDS.includes(k))
      errs.push(`${k} is not a known field (allowed: ${FIELDS.slice(0, -3).join(', ')})`);

  let code = '';
  let fromPlacement: Pick<ExploreInput, 'code' | 'requests' | 'initial' | 'invariant'> | null =
    null;
  if (value.placement !== undefined) {
    if (value.code !== undefined) errs.push('code and placement cannot both be given');
    try {
      fromPlacement = placementProgram(value.placement as PlacementSpec, 'placement');
    } catch (e) {
      if (e instanceof ExploreInputError) errs.push(...e.errors);
      else throw e;
    }
  } else if (value.code === undefined) {
    const perRequest =
      Array.isArray(value.requests) &&
      value.requests.length > 0 &&
      value.requests.every((r: unknown) => isObj(r) && r.code !== undefined);
    if (!perRequest)
      errs.push(
        `code is required: the app-server Lua (or give "placement": one of ${PLACEMENT_KINDS.join(', ')})`,
      );
  } else if (typeof value.code !== 'string' || !value.code.trim())
    errs.push('code must be a non-empty string of Lua');
  else if (value.code.length > MAX_CODE)
    errs.push(`code is ${value.code.length} characters; the explorer takes at most ${MAX_CODE}`);
  else code = value.code;

  let requests: RequestSpec[] = fromPlacement?.requests ?? [];
  if (value.placement !== undefined && value.requests !== undefined)
    errs.push('requests comes from the placement (placement.servers); leave it out');
  else if (value.placement === undefined)
    requests = readRequests(value.requests, errs, code !== '');

  let initial: string[][] = fromPlacement?.initial ?? [];
  if (value.initial !== undefined) {
    if (!Array.isArray(value.initial))
      errs.push(
        `initial must be an array of commands such as [["SET", "k", "2"]], got ${what(value.initial)}`,
      );
    else initial = value.initial.map((c: unknown, i) => words(c, `initial[${i}]`, errs, true));
  }

  let invariant: Invariant = fromPlacement?.invariant ?? {};
  if (value.invariant !== undefined) invariant = readInvariant(value.invariant, errs);

  let crashes: boolean | number = false;
  if (value.crashes !== undefined) {
    if (typeof value.crashes === 'boolean') crashes = value.crashes;
    else if (isInt(value.crashes) && value.crashes >= 0 && value.crashes <= MAX_REQUESTS)
      crashes = value.crashes;
    else
      errs.push(
        `crashes must be true, false, or how many app servers may crash (0 to ${MAX_REQUESTS})`,
      );
  }

  let maxSchedules = DEFAULT_MAX_SCHEDULES;
  if (value.maxSchedules !== undefined) {
    if (
      isInt(value.maxSchedules) &&
      value.maxSchedules >= 1 &&
      value.maxSchedules <= MAX_SCHEDULES_LIMIT
    )
      maxSchedules = value.maxSchedules;
    else errs.push(`maxSchedules must be an integer from 1 to ${MAX_SCHEDULES_LIMIT}`);
  }

  const input: ExploreInput = {
    code: fromPlacement?.code ?? code,
    requests,
    initial,
    invariant,
    crashes,
    maxSchedules,
  };
  if (value.reduction !== undefined) {
    if (typeof value.reduction === 'boolean') input.reduction = value.reduction;
    else errs.push('reduction must be true or false');
  }
  if (value.maxRoundTrips !== undefined) {
    if (isInt(value.maxRoundTrips) && value.maxRoundTrips >= 1 && value.maxRoundTrips <= 1000)
      input.maxRoundTrips = value.maxRoundTrips;
    else errs.push('maxRoundTrips must be an integer from 1 to 1000');
  }
  if (value.startTime !== undefined) {
    if (
      typeof value.startTime === 'number' &&
      Number.isFinite(value.startTime) &&
      value.startTime >= 0 &&
      value.startTime <= MAX_CLOCK_SECONDS
    )
      input.startTime = value.startTime;
    else errs.push(`startTime must be Unix seconds from 0 to ${MAX_CLOCK_SECONDS}`);
  }
  if (value.maxSteps !== undefined) {
    if (isInt(value.maxSteps) && value.maxSteps >= 1 && value.maxSteps <= MAX_STEPS_LIMIT)
      input.maxSteps = value.maxSteps;
    else errs.push(`maxSteps must be an integer from 1 to ${MAX_STEPS_LIMIT.toLocaleString('en')}`);
  }
  readPauses(value, input, errs);
  if (value.symmetry !== undefined) {
    if (typeof value.symmetry === 'boolean') input.symmetry = value.symmetry;
    else errs.push('symmetry must be true or false');
  }
  if (value.cluster !== undefined) {
    if (typeof value.cluster === 'boolean') input.cluster = value.cluster;
    else errs.push('cluster must be true or false');
  }
  if (errs.length) throw new ExploreInputError(errs);
  return input;
}
