// The content check's part for presenter decks (lessons/decks/*.md): the front matter, every
// scenario validated as a lesson's lab block and run on the engine, every step's actions
// against what exists (a highlighted request must have arrived by the step's time, a key or
// server must be in the scenario, a race or editor names a script or a template). Issues name
// file:line, so a malformed step fails the build.
import { getLimiterFactory } from '../limiters/registry';
import { templateById } from '../playground/templates';
import { DECK_FRONT, parseDeck, type Deck } from './deck';
import { summariseScene, type SceneSummary } from './deckScene';
import { algorithmsOf } from './lanes';
import { ContentError, parseDoc, type Block } from './parseDoc';
import type { ContentCheckHelpers } from './checkInterview';

type Directive = Extract<Block, { kind: 'directive' }>;

export const isDeckFile = (path: string): boolean =>
  /^lessons\/decks\/[a-z0-9][\w-]*\.md$/.test(path);

const fmt = (t: number): string => `${Number(t.toFixed(3))} s`;

export function checkDecks(h: ContentCheckHelpers, files: Record<string, string>): Deck[] {
  const decks: Deck[] = [];
  for (const path of Object.keys(files).filter(isDeckFile).sort()) {
    let deck: Deck;
    try {
      deck = parseDeck(path, files[path]!);
    } catch (e) {
      if (e instanceof ContentError) h.add(e.file, e.line, e.reason);
      else throw e;
      continue;
    }
    decks.push(deck);
    checkDeck(h, deck, files);
  }
  return decks;
}

/** How many app servers a race puzzle's ```races block has (0 when it cannot be read). */
function puzzleServers(text: string): number {
  try {
    const b = parseDoc('puzzle.md', text).blocks.find(
      (x) => x.kind === 'directive' && x.name === 'races',
    );
    const req = b && b.kind === 'directive' ? (b.json as { requests?: unknown }).requests : null;
    return Array.isArray(req) ? req.length : 0;
  } catch {
    return 0;
  }
}

function checkDeck(h: ContentCheckHelpers, deck: Deck, files: Record<string, string>): void {
  const { file } = deck;
  const fl = (k: string) => deck.frontLines[k] ?? 1;
  for (const p of deck.problems) h.add(file, p.line, p.message);
  for (const k of Object.keys(deck.front))
    if (!(DECK_FRONT as readonly string[]).includes(k))
      h.add(
        file,
        fl(k),
        `front matter "${k}" is not a known field (allowed: ${DECK_FRONT.join(', ')})`,
      );
  if (typeof deck.front.title !== 'string' || !deck.front.title.trim())
    h.add(file, 1, 'front matter needs a title');
  const m = deck.front.minutes;
  if (typeof m !== 'number' || !(m > 0) || m > 240)
    h.add(file, fl('minutes'), 'front matter needs minutes: the planned length (1 to 240)');
  if (deck.steps.length === 0) h.add(file, 1, 'a deck needs at least one step ("## " heading)');

  const scenes = new Map<string, SceneSummary | null>();
  const ids = new Set<string>();
  for (const b of [...deck.scenarios, ...deck.scripts]) {
    if (ids.has(b.id)) h.add(file, b.line, `the id "${b.id}" is used twice in this deck`);
    ids.add(b.id);
  }
  for (const b of deck.scenarios) {
    let json: unknown;
    try {
      json = JSON.parse(b.text);
    } catch (e) {
      h.add(file, b.line, `the scenario ${b.id} block is not valid JSON: ${(e as Error).message}`);
      scenes.set(b.id, null);
      continue;
    }
    if (typeof json !== 'object' || json === null || Array.isArray(json)) {
      h.add(file, b.line, `the scenario ${b.id} block must be a JSON object`);
      scenes.set(b.id, null);
      continue;
    }
    const before = h.count();
    const block: Directive = {
      kind: 'directive',
      name: 'lab',
      json,
      text: b.text,
      info: '',
      line: b.line,
    };
    const issues: string[] = [];
    const lanes = (json as Record<string, unknown>).lanes;
    if (
      lanes !== undefined &&
      (!Array.isArray(lanes) ||
        lanes.length === 0 ||
        lanes.length > 2 ||
        !lanes.every((t) => typeof t === 'string'))
    )
      h.add(file, b.line, `scenario ${b.id}: "lanes" must be one or two lane titles (strings)`);
    h.lab(file, block);
    if (h.count() !== before) issues.push('invalid');
    // Run it on the engine when every algorithm it names is loaded (the build loads Lua).
    if (issues.length || algorithmsOf(json).some((a) => !getLimiterFactory(a))) {
      scenes.set(b.id, null);
      continue;
    }
    try {
      scenes.set(b.id, summariseScene(json as Record<string, unknown>));
    } catch (e) {
      h.add(file, b.line, `the scenario ${b.id} could not run: ${(e as Error).message}`);
      scenes.set(b.id, null);
    }
  }
  const scripts = new Set(deck.scripts.map((s) => s.id));
  for (const s of deck.scripts)
    if (!s.text.trim()) h.add(file, s.line, `the script ${s.id} block is empty`);

  for (const step of deck.steps) {
    const act = (n: string) => step.actions.find((a) => a.name === n);
    if (!step.caption)
      h.add(file, step.line, `step "${step.title}" needs a "caption:" (the line the room reads)`);
    if (step.notes) h.links(file, step.notesLine, step.notes);
    const v = step.view;
    if (v.kind === 'scene') {
      const load = act('load');
      if (!scenes.has(v.scenario)) {
        if (load)
          h.add(file, load.line, `load: ${v.scenario} names no \`\`\`scenario block of this deck`);
        continue;
      }
      const scene = scenes.get(v.scenario);
      if (!scene) continue; // already reported, or a plug-in algorithm
      const time = act('time');
      if (v.time !== null && time && v.time > scene.endTime + 3600)
        h.add(
          file,
          time.line,
          `time: ${fmt(v.time)} is long after the scenario ends (${fmt(scene.endTime)})`,
        );
      const hl = v.highlight;
      const hlAct = act('highlight');
      if (!hl || !hlAct) continue;
      if (hl.kind === 'request') {
        const lane = scene.lanes[hl.lane === 2 ? 1 : 0];
        if (!lane) {
          h.add(
            file,
            hlAct.line,
            `highlight request ${hl.request} right: the scenario has one lane`,
          );
          continue;
        }
        const found = lane.requests.find((q) => q.n === hl.request);
        const count = lane.requests.length;
        if (!found)
          h.add(
            file,
            hlAct.line,
            `highlight request ${hl.request}: the scenario has ${count} request(s)`,
          );
        else if (v.time !== null && found.at > v.time)
          h.add(
            file,
            hlAct.line,
            `highlight request ${hl.request}: it arrives at ${fmt(found.at)}, after this step's time ${fmt(v.time)}`,
          );
      } else if (hl.kind === 'key') {
        const keys = new Set(scene.lanes.flatMap((l) => l.keys));
        if (!keys.has(hl.key))
          h.add(
            file,
            hlAct.line,
            `highlight key ${hl.key}: the scenario's keys are ${[...keys].join(', ')}`,
          );
      } else {
        const servers = new Set(scene.lanes.flatMap((l) => l.servers));
        if (!servers.has(hl.server))
          h.add(
            file,
            hlAct.line,
            `highlight server ${hl.server}: the scenario's servers are ${[...servers].join(', ')}`,
          );
      }
    } else if (v.kind === 'race') {
      const a = act('race');
      const puzzle = files[`lessons/puzzles/${v.code}.md`];
      if (a && !scripts.has(v.code) && puzzle !== undefined) {
        const servers = puzzleServers(puzzle);
        const over = v.schedule.find((t) => t.request > servers);
        if (over && servers > 0)
          h.add(
            file,
            act('schedule')?.line ?? a.line,
            `schedule: the puzzle ${v.code} has ${servers} app servers, so there is no server ${over.request}`,
          );
      } else if (a && !scripts.has(v.code) && !templateById(v.code))
        h.add(
          file,
          a.line,
          `race: ${v.code} names no \`\`\`script block of this deck, no race puzzle and no Lua template`,
        );
    } else if (v.kind === 'editor') {
      const a = act('editor');
      if (a && !scripts.has(v.code) && !templateById(v.code))
        h.add(
          file,
          a.line,
          `editor: ${v.code} names no \`\`\`script block of this deck and no Lua template`,
        );
    }
  }
}
