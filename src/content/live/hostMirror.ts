// The interviewer's notes, rubric ticks, follow-ups asked and verdict, kept on the lab server
// as well as in this browser: the server holds them for the host's connections only (never a
// candidate's), so a reload, another tab or a lost local save gets them back.
// - hostMessages: what the server should hold, one message per part (notes, verdict, each
//   question's marks), each cut to the server's caps (docs/live.md);
// - restoreFrom: what the server holds that this window lacks (it never overwrites local work).
import type { HostView } from '../../core/live/room';
import type { QuestionMarks, SessionPrivate, Verdict } from '../../core/interview/session';
import { VERDICTS } from '../../core/interview/session';

/** The server's caps (src/server/events.ts LIMITS). */
export const CAPS = { notes: 20000, markNotes: 4000, points: 32, followUps: 32 };
const SLUG = /^[a-z0-9][a-z0-9-]{0,63}$/;

export interface HostMessage {
  /** One per part: `notes`, `verdict`, `mark:<slug>`. */
  key: string;
  event: 'notes' | 'verdict' | 'mark';
  payload: Record<string, unknown>;
}

export function hostMessages(priv: SessionPrivate): HostMessage[] {
  const out: HostMessage[] = [
    { key: 'notes', event: 'notes', payload: { text: priv.notes.slice(0, CAPS.notes) } },
    { key: 'verdict', event: 'verdict', payload: { verdict: priv.verdict ?? null } },
  ];
  for (const [slug, m] of Object.entries(priv.marks)) {
    if (!SLUG.test(slug)) continue;
    out.push({
      key: `mark:${slug}`,
      event: 'mark',
      payload: {
        slug,
        met: m.met.slice(0, CAPS.points),
        notes: m.notes.slice(0, CAPS.markNotes),
        asked: Math.max(0, Math.min(CAPS.followUps, m.asked)),
      },
    });
  }
  return out;
}

/** The messages that say what the server already holds (so they are not sent again). */
export function heldBy(host: HostView): Map<string, string> {
  const held = new Map<string, string>();
  held.set('notes', JSON.stringify({ text: host.notes }));
  held.set('verdict', JSON.stringify({ verdict: host.verdict }));
  for (const [slug, m] of Object.entries(host.marks))
    held.set(
      `mark:${slug}`,
      JSON.stringify({ slug, met: m.met, notes: m.notes, asked: m.asked ?? 0 }),
    );
  return held;
}

export interface Restore {
  notes?: string;
  verdict?: Verdict;
  marks: Record<string, QuestionMarks>;
}

/** What the server holds that this window has not got (empty notes, no verdict, no marks). */
export function restoreFrom(priv: SessionPrivate, host: HostView): Restore {
  const out: Restore = { marks: {} };
  if (!priv.notes && host.notes) out.notes = host.notes;
  if (!priv.verdict && (VERDICTS as readonly unknown[]).includes(host.verdict))
    out.verdict = host.verdict as Verdict;
  for (const [slug, m] of Object.entries(host.marks))
    if (!priv.marks[slug])
      out.marks[slug] = { met: [...m.met], notes: m.notes, asked: m.asked ?? 0 };
  return out;
}
