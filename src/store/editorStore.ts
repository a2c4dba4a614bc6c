// The Lua editor's state: which template, the learner's script and its KEYS/ARGV templates,
// the traffic and mode of the next run, and the last run's output. Every edit is saved per
// template in localStorage (nothing the learner writes is lost across reloads); a reset keeps
// the replaced script for undo. zustand/vanilla: no React here.
import { createStore } from 'zustand/vanilla';
import type { RunMode, RunOutput } from '../core/playground/runner';
import {
  TEMPLATES,
  templateById,
  type ScriptTemplate,
  type TemplateId,
} from '../core/playground/templates';
import { trafficById, type TrafficId } from '../core/playground/traffic';
import { readStorage, writeStorage } from './storageWrite';

export interface ScriptDraft {
  source: string;
  keys: string[];
  args: string[];
}

export interface CompareDiff {
  index: number;
  at: number;
  server: string;
  key: string;
  script: { allowed: boolean; error?: string };
  builtin: { allowed: boolean };
}

export interface CompareResult {
  algorithm: string;
  params: Record<string, unknown>;
  scriptAllowed: number;
  builtinAllowed: number;
  total: number;
  diffs: CompareDiff[];
  /** Why the built-in could not run (bad parameters). */
  error: string | null;
}

export interface EditorState {
  templateId: TemplateId;
  draft: ScriptDraft;
  traffic: TrafficId;
  mode: RunMode;
  latencyMs: number;
  /**
   * The replaced draft after a reset or a load (one level of undo), and the draft that replaced
   * it: while the draft is still that one, a second replace keeps the learner's draft here.
   */
  undo: { draft: ScriptDraft; reason: string; installed?: ScriptDraft } | null;
  running: boolean;
  /** The last run's output and the draft it ran (markers point into that text). */
  output: RunOutput | null;
  ranDraft: ScriptDraft | null;
  /** The worker failed or was replaced (a runaway it could not stop, a crash). */
  runError: string | null;
  compare: CompareResult | null;
  /** A short message about the last file or link action. */
  notice: {
    kind: 'info' | 'error';
    text: string;
    /** A file to offer: what could not be kept. */
    download?: { label: string; name: string; text: string };
    /** A choice the notice offers (open a shared script anyway). */
    action?: { label: string; run(): void };
  } | null;
  savedAt: number | null;
  /** Why the last autosave failed (storage full or off); the draft is still on the page. */
  saveError: string | null;

  selectTemplate(id: TemplateId): void;
  setSource(source: string): void;
  setKeys(keys: string[]): void;
  setArgs(args: string[]): void;
  setTraffic(id: TrafficId): void;
  setMode(mode: RunMode): void;
  setLatencyMs(ms: number): void;
  /**
   * Replace the draft (upload, share link), keeping the old one for undo. When the old one
   * cannot be stored for undo (storage full or off), nothing is replaced and the reason is
   * returned, unless `force` (then Undo works until the page closes); null when replaced.
   */
  replaceDraft(draft: ScriptDraft, reason: string, force?: boolean): string | null;
  resetToTemplate(): void;
  undoReplace(): void;
  setNotice(n: EditorState['notice']): void;
  setRunning(on: boolean): void;
  setOutput(output: RunOutput | null, ranDraft: ScriptDraft | null, error: string | null): void;
  setCompare(c: CompareResult | null): void;
}

const PREFIX = 'rll.editor.v1.';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function readJson<T>(key: string): T | null {
  try {
    const raw = storage()?.getItem(PREFIX + key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

/** Writes one key; null when written, else why not (storage full or off). */
function writeJson(key: string, value: unknown): string | null {
  return writeStorage(storage(), PREFIX + key, value === null ? null : JSON.stringify(value));
}

const sameDraft = (a: ScriptDraft, b: ScriptDraft): boolean =>
  a.source === b.source &&
  a.keys.join('\n') === b.keys.join('\n') &&
  a.args.join('\n') === b.args.join('\n');

/**
 * The stored text of each template's draft as this tab last read or wrote it. A stored text
 * that differs was written by another tab since; `dirty` says this tab has edits to write.
 */
const seenText = new Map<TemplateId, string | null>();
let dirty = false;
const rawDraft = (id: TemplateId): string | null => readStorage(storage(), `${PREFIX}script.${id}`);

const isStrings = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((x) => typeof x === 'string');

function validDraft(v: unknown): ScriptDraft | null {
  if (typeof v !== 'object' || v === null) return null;
  const o = v as Record<string, unknown>;
  if (typeof o.source !== 'string' || !isStrings(o.keys) || !isStrings(o.args)) return null;
  return { source: o.source, keys: o.keys, args: o.args };
}

export function templateDraft(t: ScriptTemplate): ScriptDraft {
  return { source: t.source, keys: [...t.keys], args: [...t.args] };
}

/** The saved draft of a template, or the template itself. */
export function loadDraft(id: TemplateId): ScriptDraft {
  return validDraft(readJson(`script.${id}`)) ?? templateDraft(templateById(id) ?? TEMPLATES[0]!);
}

function loadUndo(id: TemplateId): EditorState['undo'] {
  const u = readJson<{ draft: unknown; reason: unknown; installed?: unknown }>(`undo.${id}`);
  const d = u && validDraft(u.draft);
  if (!d) return null;
  const installed = validDraft(u.installed) ?? undefined;
  return { draft: d, reason: typeof u.reason === 'string' ? u.reason : 'replaced', installed };
}

interface Settings {
  templateId: TemplateId;
  traffic: TrafficId;
  mode: RunMode;
  latencyMs: number;
}

function loadSettings(): Settings {
  const s = readJson<Partial<Settings>>('settings') ?? {};
  const templateId = templateById(String(s.templateId ?? ''))?.id ?? 'token-bucket';
  const traffic = trafficById(String(s.traffic ?? 'steady')).id;
  const mode: RunMode = s.mode === 'app' ? 'app' : 'script';
  const latencyMs =
    typeof s.latencyMs === 'number' && s.latencyMs >= 0 && s.latencyMs <= 2000 ? s.latencyMs : 50;
  return { templateId, traffic, mode, latencyMs };
}

const initial = loadSettings();

let saveTimer: ReturnType<typeof setTimeout> | null = null;

export const editorStore = createStore<EditorState>()((set, get) => {
  const saveSettings = () => {
    const s = get();
    writeJson('settings', {
      templateId: s.templateId,
      traffic: s.traffic,
      mode: s.mode,
      latencyMs: s.latencyMs,
    });
  };
  /** Save the draft now-ish (debounced; flushed on page hide by flushEditorSave). */
  const saveDraft = () => {
    if (saveTimer) clearTimeout(saveTimer);
    saveTimer = setTimeout(flushEditorSave, 250);
  };
  const setDraft = (draft: ScriptDraft) => {
    dirty = true;
    set({ draft });
    saveDraft();
  };
  return {
    templateId: initial.templateId,
    draft: loadDraftSeen(initial.templateId),
    traffic: initial.traffic,
    mode: initial.mode,
    latencyMs: initial.latencyMs,
    undo: loadUndo(initial.templateId),
    running: false,
    output: null,
    ranDraft: null,
    runError: null,
    compare: null,
    notice: null,
    savedAt: null,
    saveError: null,

    selectTemplate(id) {
      if (id === get().templateId) return;
      flushEditorSave();
      set({
        templateId: id,
        draft: loadDraftSeen(id),
        undo: loadUndo(id),
        output: null,
        ranDraft: null,
        runError: null,
        compare: null,
        notice: null,
      });
      saveSettings();
    },
    setSource(source) {
      setDraft({ ...get().draft, source });
    },
    setKeys(keys) {
      setDraft({ ...get().draft, keys });
    },
    setArgs(args) {
      setDraft({ ...get().draft, args });
    },
    setTraffic(traffic) {
      set({ traffic, compare: null });
      saveSettings();
    },
    setMode(mode) {
      set({ mode, compare: null });
      saveSettings();
    },
    setLatencyMs(ms) {
      set({ latencyMs: Math.max(0, Math.min(2000, Math.round(ms))), compare: null });
      saveSettings();
    },
    replaceDraft(draft, reason, force = false) {
      const s = get();
      // A draft a replace put there and never edited is not the learner's: keep theirs.
      const keep = s.undo?.installed && sameDraft(s.undo.installed, s.draft);
      const undo = { draft: keep ? s.undo!.draft : s.draft, reason, installed: draft };
      const err = writeJson(`undo.${s.templateId}`, undo);
      if (err && !force) return err;
      set({ undo });
      setDraft(draft);
      return null;
    },
    resetToTemplate() {
      const t = templateById(get().templateId) ?? TEMPLATES[0]!;
      // Undo is kept on the page even when it cannot be stored (the old draft is not either).
      get().replaceDraft(templateDraft(t), 'reset to the template', true);
    },
    undoReplace() {
      const s = get();
      if (!s.undo) return;
      const back = s.undo.draft;
      set({ undo: null });
      setDraft(back);
      // The undo slot is cleared only once the draft it brought back is stored.
      flushEditorSave();
      if (!get().saveError) writeJson(`undo.${s.templateId}`, null);
    },
    setNotice(notice) {
      set({ notice });
    },
    setRunning(running) {
      set({ running });
    },
    setOutput(output, ranDraft, runError) {
      set({ output, ranDraft, runError, running: false });
    },
    setCompare(compare) {
      set({ compare });
    },
  };
});

/** A template's stored draft, remembering the stored text (to spot another tab's writes). */
function loadDraftSeen(id: TemplateId): ScriptDraft {
  seenText.set(id, rawDraft(id));
  dirty = false;
  return loadDraft(id);
}

/**
 * Write the current draft to localStorage now, if this tab changed it (a tab that only looked
 * never writes its older copy over another tab's). When another tab saved a different draft
 * of the same template since, this tab's draft is saved and the other one goes to Undo.
 */
export function flushEditorSave(): void {
  if (saveTimer) {
    clearTimeout(saveTimer);
    saveTimer = null;
  }
  if (!dirty) return;
  const s = editorStore.getState();
  const id = s.templateId;
  const stored = rawDraft(id);
  const theirs = stored !== seenText.get(id) ? validDraft(safeParse(stored)) : null;
  const text = JSON.stringify(s.draft);
  const err = writeJson(`script.${id}`, s.draft);
  if (err) {
    editorStore.setState({ savedAt: null, saveError: err });
    return;
  }
  dirty = false;
  seenText.set(id, text);
  editorStore.setState({ savedAt: Date.now(), saveError: null });
  if (theirs && !sameDraft(theirs, s.draft)) {
    const undo = { draft: theirs, reason: 'the version another tab saved' };
    writeJson(`undo.${id}`, undo);
    editorStore.setState({
      undo,
      notice: {
        kind: 'info',
        text: 'Another tab saved a different version of this script. Yours is saved; Undo brings back the other one.',
      },
    });
  }
}

function safeParse(text: string | null): unknown {
  try {
    return text === null ? null : (JSON.parse(text) as unknown);
  } catch {
    return null;
  }
}

/**
 * Another tab wrote this template's draft: show it here when this tab has no edits of its own
 * (with edits, the next save keeps both: see flushEditorSave).
 */
export function onOtherTabWrite(key: string | null): void {
  const s = editorStore.getState();
  if (
    key !== null &&
    key !== `${PREFIX}script.${s.templateId}` &&
    key !== `${PREFIX}undo.${s.templateId}`
  )
    return;
  if (key === null || key.endsWith(`undo.${s.templateId}`))
    editorStore.setState({ undo: loadUndo(s.templateId) });
  if (dirty || (key !== null && !key.includes('script.'))) return;
  const stored = rawDraft(s.templateId);
  if (stored === seenText.get(s.templateId)) return;
  const d = validDraft(safeParse(stored));
  seenText.set(s.templateId, stored);
  if (d) editorStore.setState({ draft: d });
}

if (typeof window !== 'undefined')
  window.addEventListener('storage', (e) => onOtherTabWrite(e.key));

/** A saved draft differs from its template (the template picker marks it "edited"). */
export function isEdited(id: TemplateId): boolean {
  const d = validDraft(readJson(`script.${id}`));
  const t = templateById(id);
  if (!d || !t) return false;
  return (
    d.source !== t.source ||
    d.keys.join('\n') !== t.keys.join('\n') ||
    d.args.join('\n') !== t.args.join('\n')
  );
}
