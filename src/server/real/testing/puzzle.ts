// A race puzzle's program for the real-race tests: its ```races block from the Markdown, with
// the fields that only steer the scheduler screen (goal, part) left out and the code joined.
import { readFileSync } from 'node:fs';

export function puzzle(slug: string): Record<string, unknown> {
  const md = readFileSync(`lessons/puzzles/${slug}.md`, 'utf8');
  const m = /```races\n([\s\S]*?)\n```/.exec(md);
  if (!m) throw new Error(`lessons/puzzles/${slug}.md has no races block`);
  const p = JSON.parse(m[1]!) as Record<string, unknown>;
  const { goal: _g, part: _p, ...rest } = p;
  return { ...rest, code: (p.code as string[]).join('\n') };
}
