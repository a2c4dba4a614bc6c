// `window.rateLab.live`: the headless contract of a live room (docs/live.md) for Playwright
// users and our tests. The page that opens a room registers its connection here; each action
// resolves once the server has accepted it, or rejects with the server's reason.
import type { PredictValue, Role, SharedLab, SharedRace } from '../core/live/room';
import type { LiveConnection } from './liveClient';

export interface LiveSnapshot {
  role: Role;
  room: string;
  kind: 'interview' | 'workshop';
  status: string;
  question?: { slug: string; text: string };
  code?: string;
  /** Interview: the shared race scheduler and lab scene (null: nobody has moved them yet). */
  race?: SharedRace | null;
  lab?: SharedLab | null;
  step?: number;
  predictions?: { count: number; values?: PredictValue[] };
  learners?: number;
}

export interface RateLabLive {
  /** The open room as this page sees it, or null when no live room is open. */
  state(): LiveSnapshot | null;
  ask(slug: string): Promise<void>;
  setCode(text: string): Promise<void>;
  next(): Promise<void>;
  back(): Promise<void>;
  predict(value: number | string): Promise<void>;
}

interface Registered {
  conn: LiveConnection;
  /** The question text for a slug (the host page knows its bank). */
  questionText?: (slug: string) => string | null;
  /** The deck's last step (the presenter page knows its deck). */
  lastStep?: number;
}

let current: Registered | null = null;

/** Makes `conn` the page's live room; returns the function that unregisters it. */
export function registerLive(r: Registered): () => void {
  current = r;
  return () => {
    if (current === r) current = null;
  };
}

function need(): Registered {
  if (!current) throw new Error('No live room is open on this page.');
  return current;
}

export function createLiveApi(): RateLabLive {
  return {
    state() {
      if (!current) return null;
      const s = current.conn.store.getState();
      if (!s.room || !s.role) return null;
      const r = s.room;
      const out: LiveSnapshot = { role: s.role, room: r.id, kind: r.kind, status: s.status };
      if (r.kind === 'interview') {
        if (r.question) out.question = { slug: r.question.slug, text: r.question.text };
        out.code = s.code;
        out.race = r.race ? structuredClone(r.race) : null;
        out.lab = r.lab ? structuredClone(r.lab) : null;
      } else {
        out.step = r.step;
        const p = s.host?.predictions ?? r.predictions;
        if (p)
          out.predictions = p.values
            ? { count: p.count, values: [...p.values] }
            : { count: p.count };
        out.learners = r.learners;
      }
      return out;
    },
    async ask(slug) {
      const r = need();
      if (typeof slug !== 'string') throw new Error('ask(slug) needs a question slug');
      const text = r.questionText?.(slug);
      if (text === null) throw new Error(`No question "${slug}" in this lab.`);
      await r.conn.send('ask', { slug, text: text ?? slug });
    },
    async setCode(text) {
      if (typeof text !== 'string') throw new Error('setCode(text) needs a string');
      await need().conn.setCode(text);
    },
    async next() {
      const r = need();
      const step = r.conn.store.getState().room?.step ?? 0;
      await r.conn.send('step', { index: Math.min(step + 1, r.lastStep ?? 999) });
    },
    async back() {
      const r = need();
      const step = r.conn.store.getState().room?.step ?? 0;
      await r.conn.send('step', { index: Math.max(0, step - 1) });
    },
    async predict(value) {
      await need().conn.send('predict', { value });
    },
  };
}
