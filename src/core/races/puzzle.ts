// A ```races block (a puzzle, or a scheduler widget in a lesson): the explorer input plus what
// the learner is asked to do. `code` may be a list of lines, so Lua stays readable in Markdown.
//   {"title"?, "caption"?, "goal": "break" | "prove" | "play", "part"?: "maxAdmitted" | ...,
//    "real"?: true, "code" | "placement", "requests", "initial", "invariant", "crashes", ...}
// - break: reach, by scheduling, an end where the invariant (or the named part of it) breaks;
// - prove: run the explorer and see every schedule keep the invariant;
// - play (default in lessons): no goal, just the scheduler.
import { ExploreInputError } from './errors';
import { effectiveInvariant } from './explore';
import { parseExploreInput } from './input';
import type { ExploreInput, InvariantPart, Verdict } from './types';
import { isObj } from '../util/isObj';

export const RACES_WIDGET_FIELDS = ['title', 'caption', 'goal', 'part', 'servers', 'real'] as const;
export const GOALS = ['break', 'prove', 'play'] as const;
export type Goal = (typeof GOALS)[number];
const PARTS: InvariantPart[] = [
  'maxAdmitted',
  'minAdmitted',
  'allKeysHaveTtl',
  'noChargeWhenDenied',
];

export interface RacesSpec {
  title?: string;
  caption?: string;
  goal: Goal;
  part?: InvariantPart;
  /** Labels for the app servers (default A, B, C, D). */
  servers?: string[];
  /** Offer "Run it for real" (trials on a real Redis through the lab server) in a lesson too. */
  real?: boolean;
  /** The explorer input exactly as the block gives it (code lines joined). */
  raw: Record<string, unknown>;
  input: ExploreInput;
}

type Obj = Record<string, unknown>;

/** `code` (or a request's `code`) given as a list of lines, joined. */
function joinLines(v: unknown): unknown {
  return Array.isArray(v) && v.every((l) => typeof l === 'string') ? v.join('\n') : v;
}

/**
 * Reads a ```races block; throws ExploreInputError naming every bad field. `where` prefixes
 * the field names in messages ('races' in a lesson; '' for the explore verb, which takes the
 * same block pasted as it is).
 */
export function parseRacesSpec(v: unknown, dflt: Goal = 'play', where = 'races'): RacesSpec {
  const at = (f: string) => (where ? `${where}.${f}` : f);
  if (!isObj(v))
    throw new ExploreInputError([
      where ? 'a races block must be a JSON object' : 'input must be a JSON object',
    ]);
  const errs: string[] = [];
  const raw: Obj = {};
  for (const [k, x] of Object.entries(v)) {
    if ((RACES_WIDGET_FIELDS as readonly string[]).includes(k)) continue;
    raw[k] = k === 'code' ? joinLines(x) : x;
  }
  if (Array.isArray(raw.requests))
    raw.requests = raw.requests.map((r: unknown) =>
      isObj(r) && r.code !== undefined ? { ...r, code: joinLines(r.code) } : r,
    );
  for (const f of ['title', 'caption'] as const)
    if (v[f] !== undefined && typeof v[f] !== 'string') errs.push(`${at(f)} must be a string`);
  const goal = (v.goal ?? dflt) as Goal;
  if (!GOALS.includes(goal)) errs.push(`${at('goal')} must be one of ${GOALS.join(', ')}`);
  let part: InvariantPart | undefined;
  if (v.part !== undefined) {
    if (!PARTS.includes(v.part as InvariantPart))
      errs.push(`${at('part')} must be one of ${PARTS.join(', ')}`);
    else part = v.part as InvariantPart;
  }
  let servers: string[] | undefined;
  if (v.servers !== undefined) {
    if (
      !Array.isArray(v.servers) ||
      !v.servers.every((s) => typeof s === 'string' && s.length > 0 && s.length <= 16)
    )
      errs.push(`${at('servers')} must be a list of short names`);
    else servers = v.servers as string[];
  }
  if (v.real !== undefined && typeof v.real !== 'boolean')
    errs.push('races.real must be true or false');
  let input: ExploreInput | null = null;
  try {
    input = parseExploreInput(raw);
  } catch (e) {
    if (e instanceof ExploreInputError)
      errs.push(...e.errors.map((m) => (where ? `${where}: ${m}` : m)));
    else throw e;
  }
  if (input && servers && servers.length !== input.requests.length)
    errs.push(
      `${at('servers')} names ${servers.length} servers for ${input.requests.length} requests`,
    );
  if (input && part && effectiveInvariant(input.invariant)[part] === undefined)
    errs.push(`${at('part')} "${part}" is not part of the invariant`);
  if (errs.length || !input) throw new ExploreInputError(errs);
  return {
    ...(typeof v.title === 'string' ? { title: v.title } : {}),
    ...(typeof v.caption === 'string' ? { caption: v.caption } : {}),
    goal,
    ...(part ? { part } : {}),
    ...(servers ? { servers } : {}),
    ...(v.real === true ? { real: true } : {}),
    raw,
    input,
  };
}

/** Does a finished schedule's verdict reach a break goal? */
export function breaksGoal(spec: Pick<RacesSpec, 'part'>, v: Verdict): boolean {
  return spec.part ? v.broken.some((b) => b.part === spec.part) : v.broken.length > 0;
}
