// The editor store's seam, in Node: what it restores on load, saves on edit, keeps for undo on
// a reset or a replace, and does with bad stored data, a full storage and another tab's writes.
// Each test loads a fresh store over its own in-memory localStorage.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEMPLATES, templateById } from '../core/playground/templates';

const PREFIX = 'rll.editor.v1.';

/** An in-memory localStorage; `full` makes every write fail as a full browser storage does. */
function memoryStorage() {
  const m = new Map<string, string>();
  const s = {
    full: false,
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => {
      if (s.full) {
        const e = new Error('quota');
        e.name = 'QuotaExceededError';
        throw e;
      }
      m.set(k, String(v));
    },
    removeItem: (k: string) => void m.delete(k),
    clear: () => m.clear(),
    key: (i: number) => [...m.keys()][i] ?? null,
    get length() {
      return m.size;
    },
    map: m,
  };
  return s;
}

let storage: ReturnType<typeof memoryStorage>;

async function freshStore(seed: Record<string, unknown> = {}) {
  storage = memoryStorage();
  for (const [k, v] of Object.entries(seed))
    storage.map.set(PREFIX + k, typeof v === 'string' ? v : JSON.stringify(v));
  vi.stubGlobal('localStorage', storage);
  vi.resetModules();
  return import('./editorStore');
}

const tb = templateById('token-bucket')!;
const other = TEMPLATES.find((t) => t.id !== 'token-bucket')!;
const stored = (k: string): unknown => JSON.parse(storage.map.get(PREFIX + k) ?? 'null');

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('on load', () => {
  it('with nothing stored: the token bucket template, steady traffic, script mode, 50 ms', async () => {
    const { editorStore } = await freshStore();
    const s = editorStore.getState();
    expect(s).toMatchObject({ templateId: 'token-bucket', traffic: 'steady', mode: 'script' });
    expect(s.latencyMs).toBe(50);
    expect(s.draft).toEqual({ source: tb.source, keys: tb.keys, args: tb.args });
    expect(s.undo).toBeNull();
  });

  it('restores the settings, the template’s saved draft and its undo', async () => {
    const draft = { source: 'return 1', keys: ['k'], args: ['1'] };
    const { editorStore } = await freshStore({
      settings: { templateId: other.id, traffic: 'burst', mode: 'app', latencyMs: 120 },
      [`script.${other.id}`]: draft,
      [`undo.${other.id}`]: { draft: { ...draft, source: 'return 0' }, reason: 'reset' },
    });
    const s = editorStore.getState();
    expect(s).toMatchObject({ templateId: other.id, mode: 'app', latencyMs: 120, draft });
    expect(s.undo).toMatchObject({ draft: { source: 'return 0' }, reason: 'reset' });
  });

  it('bad stored data falls back to the defaults and the template, without a throw', async () => {
    const { editorStore } = await freshStore({
      settings: { templateId: 'nope', traffic: 7, mode: 'x', latencyMs: 99999 },
      'script.token-bucket': '{not json',
      'undo.token-bucket': { draft: { source: 3 } },
    });
    const s = editorStore.getState();
    expect(s).toMatchObject({ templateId: 'token-bucket', mode: 'script', latencyMs: 50 });
    expect(s.draft.source).toBe(tb.source);
    expect(s.undo).toBeNull();
  });
});

describe('on edit', () => {
  it('saves the draft (debounced, or at once on flush) and marks the template edited', async () => {
    const { editorStore, flushEditorSave, isEdited } = await freshStore();
    editorStore.getState().setSource('return 42');
    expect(storage.map.has(`${PREFIX}script.token-bucket`)).toBe(false);
    vi.advanceTimersByTime(300);
    expect(stored('script.token-bucket')).toMatchObject({ source: 'return 42' });
    editorStore.getState().setKeys(['a', 'b']);
    flushEditorSave();
    expect(stored('script.token-bucket')).toMatchObject({ keys: ['a', 'b'] });
    expect(editorStore.getState().saveError).toBeNull();
    expect(editorStore.getState().savedAt).not.toBeNull();
    expect(isEdited('token-bucket')).toBe(true);
    expect(isEdited(other.id)).toBe(false);
  });

  it('settings are saved and clamped: latency 0 to 2000 ms, whole numbers', async () => {
    const { editorStore } = await freshStore();
    editorStore.getState().setLatencyMs(5000.4);
    expect(editorStore.getState().latencyMs).toBe(2000);
    editorStore.getState().setLatencyMs(-3);
    expect(editorStore.getState().latencyMs).toBe(0);
    editorStore.getState().setMode('app');
    expect(stored('settings')).toMatchObject({ mode: 'app', latencyMs: 0 });
  });

  it('another template keeps its own draft; this one’s edits are saved first', async () => {
    const { editorStore } = await freshStore();
    editorStore.getState().setSource('mine');
    editorStore.getState().selectTemplate(other.id);
    expect(stored('script.token-bucket')).toMatchObject({ source: 'mine' });
    expect(editorStore.getState().draft.source).toBe(other.source);
    editorStore.getState().selectTemplate('token-bucket');
    expect(editorStore.getState().draft.source).toBe('mine');
  });
});

describe('on reset and replace', () => {
  it('a reset brings the template back and keeps the learner’s draft for undo', async () => {
    const { editorStore } = await freshStore();
    editorStore.getState().setSource('my work');
    editorStore.getState().resetToTemplate();
    expect(editorStore.getState().draft.source).toBe(tb.source);
    expect(editorStore.getState().undo).toMatchObject({
      draft: { source: 'my work' },
      reason: 'reset to the template',
    });
    expect(stored('undo.token-bucket')).toMatchObject({ draft: { source: 'my work' } });
    editorStore.getState().undoReplace();
    expect(editorStore.getState()).toMatchObject({ undo: null, draft: { source: 'my work' } });
    expect(stored('undo.token-bucket')).toBeNull();
  });

  it('a second replace keeps the learner’s draft in undo, not the first replacement', async () => {
    const { editorStore } = await freshStore();
    editorStore.getState().setSource('my work');
    const a = { source: 'upload a', keys: [], args: [] };
    const b = { source: 'upload b', keys: [], args: [] };
    expect(editorStore.getState().replaceDraft(a, 'uploaded')).toBeNull();
    expect(editorStore.getState().replaceDraft(b, 'uploaded')).toBeNull();
    expect(editorStore.getState().undo!.draft.source).toBe('my work');
  });

  it('with storage full a replace is refused (the draft stays) unless forced; a save says why', async () => {
    const { editorStore, flushEditorSave } = await freshStore();
    editorStore.getState().setSource('my work');
    storage.full = true;
    const msg = editorStore.getState().replaceDraft({ source: 'x', keys: [], args: [] }, 'link');
    expect(msg).toBe("this browser's storage for the lab is full");
    expect(editorStore.getState().draft.source).toBe('my work');
    flushEditorSave();
    expect(editorStore.getState()).toMatchObject({
      savedAt: null,
      saveError: "this browser's storage for the lab is full",
    });
    // Forced (a reset): undo still works on the page.
    editorStore.getState().resetToTemplate();
    expect(editorStore.getState().undo!.draft.source).toBe('my work');
  });
});

describe('another tab', () => {
  it('its saved draft shows here when this tab has no edits of its own', async () => {
    const { editorStore, onOtherTabWrite } = await freshStore();
    storage.map.set(
      `${PREFIX}script.token-bucket`,
      JSON.stringify({ source: 'theirs', keys: [], args: [] }),
    );
    onOtherTabWrite(`${PREFIX}script.token-bucket`);
    expect(editorStore.getState().draft.source).toBe('theirs');
  });

  it('with edits here, ours is saved and theirs goes to undo, with a notice', async () => {
    const { editorStore, flushEditorSave, onOtherTabWrite } = await freshStore();
    editorStore.getState().setSource('ours');
    storage.map.set(
      `${PREFIX}script.token-bucket`,
      JSON.stringify({ source: 'theirs', keys: [], args: [] }),
    );
    onOtherTabWrite(`${PREFIX}script.token-bucket`);
    expect(editorStore.getState().draft.source).toBe('ours');
    flushEditorSave();
    expect(stored('script.token-bucket')).toMatchObject({ source: 'ours' });
    expect(editorStore.getState().undo).toMatchObject({ draft: { source: 'theirs' } });
    expect(editorStore.getState().notice?.text).toMatch(/Another tab saved a different version/);
  });
});
