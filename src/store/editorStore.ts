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
  /** The replaced draft after a reset or a load (one level of undo). */
  undo: { draft: ScriptDraft; reason: string } | null;
  running: boolean;
  /** The last run's output and the draft it ran (markers point into that text). */
  output: RunOutput | null;
  ranDraft: ScriptDraft | null;
  /** The worker failed or was replaced (a runaway it could not stop, a crash). */
  runError: string | null;
  compare: CompareResult | null;
  /** A short message about the last file or link action. */
  notice: { kind: 'info' | 'error'; text: string } | null;
  savedAt: number | null;

  selectTemplate(id: TemplateId): void;
  setSource(source: string): void;
  setKeys(keys: string[]): void;
  setArgs(args: string[]): void;
  setTraffic(id: TrafficId): void;
  setMode(mode: RunMode): void;
  setLatencyMs(ms: number): void;
  /** Replace the draft (upload, share link), keeping the old one for undo. */
  replaceDraft(draft: ScriptDraft, reason: string): void;
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

function writeJson(key: string, value: unknown): boolean {
  try {
    const s = storage();
    if (!s) return false;
    if (value === null) s.removeItem(PREFIX + key);
    else s.setItem(PREFIX + key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

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
  const u = readJson<{ draft: unknown; reason: unknown }>(`undo.${id}`);
  const d = u && validDraft(u.draft);
  return d ? { draft: d, reason: typeof u.reason === 'string' ? u.reason : 'replaced' } : null;
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
    set({ draft });
    saveDraft();
  };
  return {
    templateId: initial.templateId,
    draft: loadDraft(initial.templateId),
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

    selectTemplate(id) {
      if (id === get().templateId) return;
      flushEditorSave();
      set({
        templateId: id,
        draft: loadDraft(id),
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
    replaceDraft(draft, reason) {
      const s = get();
      const undo = { draft: s.draft, reason };
      writeJson(`undo.${s.templateId}`, undo);
      set({ undo });
      setDraft(draft);
    },
    resetToTemplate() {
      const t = templateById(get().templateId) ?? TEMPLATES[0]!;
      get().replaceDraft(templateDraft(t), 'reset to the template');
    },
    undoReplace() {
      const s = get();
      if (!s.undo) return;
      const back = s.undo.draft;
      writeJson(`undo.${s.templateId}`, null);
      set({ undo: null });
      setDraft(back);
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

/** Write the current draft to localStorage now. */
export function flushEditorSave(): void {
  if (saveTimer) {
    clearTimeout(saveTimer);
    saveTimer = null;
  }
  const s = editorStore.getState();
  if (writeJson(`script.${s.templateId}`, s.draft)) editorStore.setState({ savedAt: Date.now() });
}

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
