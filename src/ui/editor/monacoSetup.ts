// Monaco, bundled by Vite: the API, the editor features the lab uses (monacoFeatures.ts), Lua
// highlighting and the editor worker all come from this build. Nothing is fetched from a CDN,
// so the editor works offline.
// Also registers the lab's Lua help once: completion, hover and signature help for
// redis.call command names and arguments (read from the Redis model's one command table, so
// the editor offers exactly what the model runs), KEYS, ARGV and the redis.* helpers.
import * as monaco from 'monaco-editor/editor/editor.api';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import './monacoFeatures';
import 'monaco-editor/languages/definitions/lua/register';
import { REDIS_GLOBALS } from '../../core/playground/redisDocs';
import { allowedInScripts, COMMAND_ROWS, commandDoc } from '../../core/redis/table';

// The editor worker starts loading now, beside Monaco's own start-up, and Monaco's first
// request for a worker gets this one.
let earlyWorker: Worker | null = new EditorWorker();
self.MonacoEnvironment = {
  getWorker() {
    const w = earlyWorker ?? new EditorWorker();
    earlyWorker = null;
    return w;
  },
};

const CALL_OPEN = /redis\.p?call\(\s*(["'])([A-Za-z]*)$/;
const KIND = monaco.languages.CompletionItemKind;

/** Commands a script may call, for completion inside redis.call("..."). */
const SCRIPT_COMMANDS = COMMAND_ROWS.filter(allowedInScripts);

function commandMarkdown(name: string): monaco.IMarkdownString | null {
  const c = commandDoc(name);
  if (!c) return null;
  const kind = c.flags.includes('write') ? 'writes' : c.flags.includes('readonly') ? 'reads' : '';
  const facts = [kind, `since Redis ${c.since}`].filter(Boolean).join(' · ');
  return {
    value:
      `**${c.name.toUpperCase()}** \`${c.args}\`\n\n${c.summary}\n\n_${facts}_` +
      (allowedInScripts(c) ? '' : '\n\n_Redis refuses this command inside a script._'),
  };
}

/** The command a redis.call on this line names before `column`, and which argument we are in. */
function callContext(line: string, column: number): { name: string; arg: number } | null {
  const before = line.slice(0, column - 1);
  const k = before.lastIndexOf('redis.');
  if (k < 0) return null;
  const m = /^redis\.p?call\(\s*["']([A-Za-z]+)["']([^)]*)$/.exec(before.slice(k));
  if (!m) return null;
  return { name: m[1]!, arg: (m[2]!.match(/,/g) ?? []).length };
}

monaco.languages.registerCompletionItemProvider('lua', {
  triggerCharacters: ['"', "'", '.'],
  provideCompletionItems(model, position) {
    const line = model.getLineContent(position.lineNumber);
    const before = line.slice(0, position.column - 1);
    const word = model.getWordUntilPosition(position);
    const range = new monaco.Range(
      position.lineNumber,
      word.startColumn,
      position.lineNumber,
      word.endColumn,
    );
    const call = CALL_OPEN.exec(before);
    if (call) {
      return {
        suggestions: SCRIPT_COMMANDS.map((c) => {
          const name = c.name.toUpperCase();
          return {
            label: name,
            kind: KIND.Function,
            detail: `${name} ${c.args}`,
            documentation: commandMarkdown(c.name) ?? undefined,
            insertText: call[2] && call[2] === call[2].toLowerCase() ? c.name : name,
            range,
          };
        }),
      };
    }
    const member = /\b(redis|cjson)\.(\w*)$/.exec(before);
    if (member) {
      const prefix = `${member[1]}.`;
      return {
        suggestions: REDIS_GLOBALS.filter((g) => g.label.startsWith(prefix)).map((g) => ({
          label: g.label.slice(prefix.length),
          kind: g.label.includes('LOG_') ? KIND.Constant : KIND.Function,
          detail: g.detail,
          documentation: { value: g.doc },
          insertText: g.insert.slice(prefix.length),
          insertTextRules: monaco.languages.CompletionItemInsertTextRule.InsertAsSnippet,
          range,
        })),
      };
    }
    return {
      suggestions: REDIS_GLOBALS.filter((g) => !g.label.includes('LOG_')).map((g) => ({
        label: g.label,
        kind: g.label === 'KEYS' || g.label === 'ARGV' ? KIND.Variable : KIND.Function,
        detail: g.detail,
        documentation: { value: g.doc },
        insertText: g.insert,
        insertTextRules: monaco.languages.CompletionItemInsertTextRule.InsertAsSnippet,
        range,
      })),
    };
  },
});

monaco.languages.registerHoverProvider('lua', {
  provideHover(model, position) {
    const word = model.getWordAtPosition(position);
    if (!word) return null;
    const line = model.getLineContent(position.lineNumber);
    const range = new monaco.Range(
      position.lineNumber,
      word.startColumn,
      position.lineNumber,
      word.endColumn,
    );
    const before = line.slice(0, word.startColumn - 1);
    if (/redis\.p?call\(\s*["']$/.test(before)) {
      const md = commandMarkdown(word.word);
      return md ? { range, contents: [md] } : null;
    }
    const qualified = /\b(redis|cjson)\.$/.exec(before);
    const label = qualified ? `${qualified[1]}.${word.word}` : word.word;
    const g = REDIS_GLOBALS.find((x) => x.label === label);
    if (g) return { range, contents: [{ value: `\`${g.detail}\`` }, { value: g.doc }] };
    return null;
  },
});

monaco.languages.registerSignatureHelpProvider('lua', {
  signatureHelpTriggerCharacters: ['(', ','],
  signatureHelpRetriggerCharacters: [','],
  provideSignatureHelp(model, position) {
    const ctx = callContext(model.getLineContent(position.lineNumber), position.column);
    if (!ctx) return null;
    const c = commandDoc(ctx.name);
    if (!c) return null;
    const params = c.args ? c.args.split(/ (?![^[]*\])/) : [];
    return {
      value: {
        signatures: [
          {
            label: `redis.call("${c.name.toUpperCase()}"${params.map((p) => `, ${p}`).join('')})`,
            documentation: { value: c.summary },
            parameters: params.map((p) => ({ label: p })),
          },
        ],
        activeSignature: 0,
        activeParameter: Math.max(0, Math.min(params.length - 1, ctx.arg - 1)),
      },
      dispose() {},
    };
  },
});

export { monaco };
