// Download, upload and share: a learner's script leaves and comes back intact, or not at all.
import { decodeShare, encodeShare } from '../../core/share';
import { templateById, type TemplateId } from '../../core/playground/templates';
import { trafficById, type TrafficId } from '../../core/playground/traffic';
import type { RunMode } from '../../core/playground/runner';
import type { ScriptDraft } from '../../store/editorStore';

export const MAX_UPLOAD_BYTES = 100_000;

export function downloadLua(name: string, source: string): void {
  const blob = new Blob([source], { type: 'text/x-lua;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name.endsWith('.lua') ? name : `${name}.lua`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Read an uploaded file as a Lua script, or say plainly why it cannot be one. */
export async function readLuaFile(
  file: File,
): Promise<{ ok: true; source: string } | { ok: false; message: string }> {
  if (!/\.(lua|txt)$/i.test(file.name))
    return {
      ok: false,
      message: `"${file.name}" is not a .lua file. Your script was not changed.`,
    };
  if (file.size === 0)
    return { ok: false, message: `"${file.name}" is empty. Your script was not changed.` };
  if (file.size > MAX_UPLOAD_BYTES)
    return {
      ok: false,
      message: `"${file.name}" is ${Math.round(file.size / 1000)} kB; a limiter script fits in ${MAX_UPLOAD_BYTES / 1000} kB. Your script was not changed.`,
    };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    return { ok: false, message: `"${file.name}" is not UTF-8 text. Your script was not changed.` };
  }
  if (text.includes('\u0000'))
    return {
      ok: false,
      message: `"${file.name}" looks like a binary file, not Lua source. Your script was not changed.`,
    };
  return { ok: true, source: text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n') };
}

export interface SharedScript {
  v: 1;
  template: TemplateId;
  source: string;
  keys: string[];
  args: string[];
  traffic: TrafficId;
  mode: RunMode;
  latencyMs: number;
}

export function shareUrl(s: Omit<SharedScript, 'v'>): string {
  const base = `${location.origin}${location.pathname}${location.search}`;
  return `${base}#/editor?s=${encodeShare({ v: 1, ...s })}`;
}

const strings = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((x) => typeof x === 'string');

/** Decode `?s=`; throws an Error that says what is wrong with the link. */
export function readShared(param: string): SharedScript & { draft: ScriptDraft } {
  const v = decodeShare(param) as Record<string, unknown> | null;
  if (typeof v !== 'object' || v === null || typeof v.source !== 'string')
    throw new Error('the shared link does not carry a script');
  const template = templateById(String(v.template ?? ''))?.id ?? 'token-bucket';
  const keys = strings(v.keys) ? v.keys : (templateById(template)?.keys ?? []);
  const args = strings(v.args) ? v.args : (templateById(template)?.args ?? []);
  const latency =
    typeof v.latencyMs === 'number' && v.latencyMs >= 0 && v.latencyMs <= 2000 ? v.latencyMs : 50;
  return {
    v: 1,
    template,
    source: v.source,
    keys,
    args,
    traffic: trafficById(String(v.traffic ?? '')).id,
    mode: v.mode === 'app' ? 'app' : 'script',
    latencyMs: latency,
    draft: { source: v.source, keys: [...keys], args: [...args] },
  };
}
