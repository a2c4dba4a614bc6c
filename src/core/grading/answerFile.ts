// An answer handed in as a file (the `grade` verb): a Lua script for fix/write problems, a JSON
// object with the answer form's fields for the others (docs/content-format.md lists them). An
// empty or incomplete answer is still an answer, graded as failed; a file that is no answer at
// all (not text, not JSON, a script for a form problem) is refused with a reason.
import type { ParsedDoc } from '../content/parseDoc';
import { parseJsonInput } from '../jsonInput';
import { starterOf, unflatten } from './submission';
import type { Submission } from './types';
import { isObj } from '../util/isObj';

export type AnswerFile = { ok: true; submission: Submission } | { ok: false; message: string };

/** The fields a form problem's answer has (`params.capacity` is written `capacity` too). */
export function answerFields(doc: ParsedDoc): string[] {
  const s = starterOf(doc);
  return s.kind === 'form' ? s.form.map((f) => f.id.replace(/^(params|choices)\./, '')) : [];
}

export function readAnswerFile(name: string, text: string, doc: ParsedDoc): AnswerFile {
  const kind = String(doc.front.kind ?? '');
  const code = kind === 'fix' || kind === 'write';
  const ext = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
  // eslint-disable-next-line no-control-regex
  if (/\u0000|\uFFFD/.test(text))
    return { ok: false, message: `${name} is not a text file, so it cannot be an answer.` };
  if (code && ext !== 'json') return { ok: true, submission: { code: text } };
  if (!code && ext === 'lua')
    return {
      ok: false,
      message: `${name} is a Lua script, but this is a ${kind} problem: its answer is a .json file with the fields ${answerFields(
        doc,
      )
        .map((f) => `"${f}"`)
        .join(', ')}.`,
    };
  if (text.trim() === '') return { ok: true, submission: {} };
  const json = parseJsonInput(text, name);
  if (!json.ok) return { ok: false, message: json.message };
  const parsed = json.value;
  if (!isObj(parsed))
    return {
      ok: false,
      message: `${name} holds JSON ${Array.isArray(parsed) ? 'array' : typeof parsed}; an answer is a JSON object with ${
        code
          ? '"code" (the Lua script) and optionally "keys" and "args"'
          : `the fields ${answerFields(doc)
              .map((f) => `"${f}"`)
              .join(', ')}`
      }.`,
    };
  if (code) {
    const src = typeof parsed.code === 'string' ? parsed.code : parsed.lua;
    return {
      ok: true,
      submission: {
        ...parsed,
        code: typeof src === 'string' ? src : '',
      },
    };
  }
  return { ok: true, submission: unflatten(parsed) };
}
