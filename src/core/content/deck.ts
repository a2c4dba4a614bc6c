// A presenter deck: lessons/decks/<slug>.md (docs/content-format.md, "Decks"). Front matter
// (title, minutes, summary), named scenarios (```scenario <id>, a lab block's JSON) and scripts
// (```script <id>, Lua), then one `## ` heading per step. Right under a step's heading come its
// actions, one `name: value` per line, up to the first blank line; everything after that is
// the speaker notes (Markdown). The parser only reads; checkDecks.ts says what is wrong.
import { parse as parseYaml } from 'yaml';
import { ContentError } from './parseDoc';

export const STEP_ACTIONS = [
  'load',
  'time',
  'highlight',
  'caption',
  'race',
  'schedule',
  'editor',
  'predict',
] as const;
export type StepActionName = (typeof STEP_ACTIONS)[number];
export const DECK_FRONT = ['title', 'minutes', 'summary', 'order'] as const;

export type Highlight =
  /** `lane` 2 is a two-lane scenario's right lane (its `compare`); the left one by default. */
  | { kind: 'request'; request: number; lane?: 1 | 2 }
  | { kind: 'key'; key: string }
  | { kind: 'server'; server: string };

/** One turn of a race schedule: server `request` (1-based) takes its next round trip, or crashes. */
export interface ScheduleTurn {
  request: number;
  crash: boolean;
}

/** What the stage shows at a step, with everything carried over from earlier steps resolved. */
export type StepView =
  | { kind: 'caption' }
  | {
      kind: 'scene';
      scenario: string;
      /** Virtual time in seconds; null: the whole run. */
      time: number | null;
      highlight: Highlight | null;
    }
  | { kind: 'race'; code: string; schedule: ScheduleTurn[] }
  | { kind: 'editor'; code: string };

export interface StepAction {
  name: string;
  value: string;
  line: number;
}

export interface DeckStep {
  /** 0-based position. */
  index: number;
  title: string;
  caption: string;
  /** Speaker notes (Markdown). */
  notes: string;
  notesLine: number;
  line: number;
  actions: StepAction[];
  view: StepView;
  /** `predict:` what a scene step's prompt asks, and about which lane (1 left, 2 right). */
  predict?: DeckPredict;
}

/** What a deck step's predict prompt asks (the step's caption must state an outcome). */
export interface DeckPredict {
  ask: 'admitted' | 'first-refused';
  lane: 1 | 2;
}

/** `predict: admitted`, `predict: first-refused right`: the ask, then optionally the lane. */
export function parseDeckPredict(v: string): DeckPredict | string {
  const m = /^(admitted|first-refused)(?:\s+(left|right))?$/.exec(v.trim());
  if (!m)
    return `predict: "${v.trim()}" must be "admitted" or "first-refused", optionally followed by left or right`;
  return { ask: m[1] as DeckPredict['ask'], lane: m[2] === 'right' ? 2 : 1 };
}

export interface DeckBlock {
  id: string;
  text: string;
  line: number;
}

export interface Deck {
  file: string;
  slug: string;
  title: string;
  minutes: number;
  summary: string;
  front: Record<string, unknown>;
  frontLines: Record<string, number>;
  scenarios: DeckBlock[];
  scripts: DeckBlock[];
  steps: DeckStep[];
  /** Problems the parser found on the way (bad values); checkDecks adds the cross-checks. */
  problems: { line: number; message: string }[];
}

export const deckSlugOf = (path: string): string => path.replace(/^.*\//, '').replace(/\.md$/, '');

const FENCE = /^(`{3,}|~{3,})\s*([\w-]*)\s*(.*)$/;

export function parseHighlight(v: string): Highlight | string {
  const m = /^(request|key|server)\s+(.+)$/.exec(v.trim());
  if (!m) return 'highlight must be "request <n>", "key <name>" or "server <name>"';
  const arg = m[2]!.trim().replace(/^#/, '');
  if (m[1] === 'request') {
    // `request 4 right`: request 4 of a two-lane scenario's right lane.
    const side = /^(.*?)\s+(left|right)$/.exec(arg);
    const num = side ? side[1]!.replace(/^#/, '') : arg;
    const n = Number(num);
    if (!Number.isInteger(n) || n < 1)
      return `highlight request "${arg}" must be a request number (1, 2, ...), optionally followed by left or right`;
    return side?.[2] === 'right'
      ? { kind: 'request', request: n, lane: 2 }
      : { kind: 'request', request: n };
  }
  return m[1] === 'key' ? { kind: 'key', key: arg } : { kind: 'server', server: arg };
}

export function parseSchedule(v: string): ScheduleTurn[] | string {
  const tokens = v
    .trim()
    .split(/[\s,]+/)
    .filter(Boolean);
  if (tokens.length === 0) return 'schedule needs at least one turn, e.g. "1 2 1 2"';
  const out: ScheduleTurn[] = [];
  for (const t of tokens) {
    const m = /^(crash\s*|x)?([1-4])$/i.exec(t);
    if (!m)
      return `schedule turn "${t}" must be a server number 1 to 4, or x1..x4 to crash that server`;
    out.push({ request: Number(m[2]), crash: Boolean(m[1]) });
  }
  return out;
}

export function parseDeck(file: string, source: string): Deck {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  let i = 0;
  let front: Record<string, unknown> = {};
  const frontLines: Record<string, number> = {};
  if (lines[0]?.trim() === '---') {
    const end = lines.findIndex((l, k) => k > 0 && l.trim() === '---');
    if (end < 0) throw new ContentError(file, 1, 'front matter starts with --- but never ends');
    try {
      const parsed: unknown = parseYaml(lines.slice(1, end).join('\n'));
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
        throw new Error('front matter must be a YAML mapping');
      front = parsed as Record<string, unknown>;
    } catch (e) {
      throw new ContentError(file, 2, `front matter is not valid YAML: ${(e as Error).message}`);
    }
    for (let k = 1; k < end; k++) {
      const m = /^([\w-]+)\s*:/.exec(lines[k] ?? '');
      if (m && frontLines[m[1]!] === undefined) frontLines[m[1]!] = k + 1;
    }
    i = end + 1;
  }
  const deck: Deck = {
    file,
    slug: deckSlugOf(file),
    title: typeof front.title === 'string' ? front.title : deckSlugOf(file),
    minutes: typeof front.minutes === 'number' ? front.minutes : 0,
    summary: typeof front.summary === 'string' ? front.summary : '',
    front,
    frontLines,
    scenarios: [],
    scripts: [],
    steps: [],
    problems: [],
  };

  let step: DeckStep | null = null;
  let inActions = false;
  let notes: string[] = [];
  const closeStep = () => {
    if (step) step.notes = notes.join('\n').trim();
    notes = [];
  };

  while (i < lines.length) {
    const l = lines[i]!;
    const lineNo = i + 1;
    const f = FENCE.exec(l);
    if (f) {
      const fence = f[1]!;
      let j = i + 1;
      while (j < lines.length) {
        const t = lines[j]!.trim();
        if (t.startsWith(fence[0]!.repeat(fence.length)) && /^[`~]+$/.test(t)) break;
        j++;
      }
      if (j >= lines.length)
        throw new ContentError(file, lineNo, `code fence \`${fence}${f[2]}\` is never closed`);
      const kind = f[2]!;
      if (kind === 'scenario' || kind === 'script') {
        const id = f[3]!.trim();
        if (!/^[a-z0-9][\w-]*$/.test(id))
          deck.problems.push({
            line: lineNo,
            message: `a \`\`\`${kind} block needs an id after its name, e.g. \`\`\`${kind} two-servers`,
          });
        const block = { id, text: lines.slice(i + 1, j).join('\n'), line: lineNo };
        (kind === 'scenario' ? deck.scenarios : deck.scripts).push(block);
        inActions = false;
      } else if (step) {
        // Any other code block is part of the speaker notes.
        inActions = false;
        notes.push(...lines.slice(i, j + 1));
      } else if (lines.slice(i, j + 1).some((x) => x.trim()))
        deck.problems.push({
          line: lineNo,
          message: `a \`\`\`${kind} block before the first step: only scenario and script blocks go there`,
        });
      i = j + 1;
      continue;
    }
    const h = /^##\s+(.+?)\s*#*\s*$/.exec(l);
    if (h && !l.startsWith('###')) {
      closeStep();
      step = {
        index: deck.steps.length,
        title: h[1]!,
        caption: '',
        notes: '',
        notesLine: lineNo + 1,
        line: lineNo,
        actions: [],
        view: { kind: 'caption' },
      };
      deck.steps.push(step);
      inActions = true;
      i++;
      continue;
    }
    if (step) {
      if (inActions) {
        if (!l.trim()) {
          if (step.actions.length > 0) {
            inActions = false;
            step.notesLine = lineNo + 1;
          }
          i++;
          continue;
        }
        const a = /^([A-Za-z][\w-]*):\s*(.*)$/.exec(l);
        if (a) {
          step.actions.push({ name: a[1]!, value: a[2]!.trim(), line: lineNo });
          i++;
          continue;
        }
        inActions = false;
        step.notesLine = lineNo;
      }
      if (notes.length === 0 && !l.trim()) {
        i++;
        continue;
      }
      if (notes.length === 0) step.notesLine = lineNo;
      notes.push(l);
    } else if (l.trim() && !/^#\s/.test(l))
      deck.problems.push({
        line: lineNo,
        message: 'text before the first step ("## " heading) is not shown anywhere',
      });
    i++;
  }
  closeStep();
  resolveViews(deck);
  return deck;
}

/** Works out each step's view from its actions and the previous step's view. */
function resolveViews(deck: Deck): void {
  let prev = { kind: 'caption' } as StepView;
  for (const s of deck.steps) {
    const p: StepView = prev;
    let view: StepView = p.kind === 'scene' ? { ...p, highlight: null } : p;
    const get = (n: StepActionName) => s.actions.find((a) => a.name === n);
    const seen = new Set<string>();
    for (const a of s.actions) {
      if (!(STEP_ACTIONS as readonly string[]).includes(a.name)) {
        deck.problems.push({
          line: a.line,
          message: `"${a.name}:" is not a step action (actions: ${STEP_ACTIONS.join(', ')}); leave a blank line before the speaker notes`,
        });
        continue;
      }
      if (seen.has(a.name))
        deck.problems.push({ line: a.line, message: `"${a.name}:" is given twice in this step` });
      seen.add(a.name);
    }
    const load = get('load');
    const race = get('race');
    const editor = get('editor');
    const views = [load, race, editor].filter(Boolean);
    if (views.length > 1)
      deck.problems.push({
        line: views[1]!.line,
        message: 'a step shows one thing: use only one of load, race and editor',
      });
    if (load)
      view =
        load.value === 'none'
          ? { kind: 'caption' }
          : { kind: 'scene', scenario: load.value, time: null, highlight: null };
    else if (race) {
      const sched = get('schedule');
      const parsed = sched ? parseSchedule(sched.value) : [];
      if (typeof parsed === 'string') deck.problems.push({ line: sched!.line, message: parsed });
      else if (!sched)
        deck.problems.push({
          line: race.line,
          message:
            'race: needs a "schedule:" line (the order servers take their round trips, e.g. 1 2 1 2)',
        });
      view = { kind: 'race', code: race.value, schedule: typeof parsed === 'string' ? [] : parsed };
    } else if (editor) view = { kind: 'editor', code: editor.value };
    const sched = get('schedule');
    if (sched && !race)
      deck.problems.push({
        line: sched.line,
        message: 'schedule: belongs with race: in the same step',
      });
    const time = get('time');
    const highlight = get('highlight');
    for (const a of [time, highlight])
      if (a && view.kind !== 'scene')
        deck.problems.push({
          line: a.line,
          message: `${a.name}: needs a scenario on screen (add "load: <scenario id>" to this or an earlier step)`,
        });
    if (view.kind === 'scene') {
      if (time) {
        const t = Number(time.value.replace(/\s*s$/, ''));
        if (time.value === 'end') view = { ...view, time: null };
        else if (!time.value || !Number.isFinite(t) || t < 0)
          deck.problems.push({
            line: time.line,
            message: `time: "${time.value}" must be a number of seconds >= 0 (or "end")`,
          });
        else view = { ...view, time: t };
      }
      if (highlight) {
        const h = parseHighlight(highlight.value);
        if (typeof h === 'string') deck.problems.push({ line: highlight.line, message: h });
        else view = { ...view, highlight: h };
      }
    }
    const predict = get('predict');
    if (predict && view.kind !== 'scene')
      deck.problems.push({
        line: predict.line,
        message:
          'predict: needs a scenario on screen (add "load: <scenario id>" to this or an earlier step)',
      });
    else if (predict) {
      const d = parseDeckPredict(predict.value);
      if (typeof d === 'string') deck.problems.push({ line: predict.line, message: d });
      else s.predict = d;
    }
    const caption = get('caption');
    s.caption = caption?.value ?? '';
    s.view = view;
    prev = view;
  }
}
