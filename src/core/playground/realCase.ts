// The editor's run as one `redis` case for "Run on real Redis": each request an EVAL of the
// script with its KEYS and ARGV filled in. A real server's clock can only be waited for, so the
// gaps between requests become `advance` steps only when the whole run spans at most
// `maxWaitSeconds`; otherwise the requests go back to back on both sides (and {now} still
// reads each request's virtual time).
import { substitute } from '../lua/templateArgs';
import type { EditorRequest } from './traffic';

export interface EditorCase {
  name: string;
  steps: Array<{ cmd: string[] } | { advance: number }>;
}

export function editorRunAsCase(
  script: string,
  keys: readonly string[],
  args: readonly string[],
  requests: readonly EditorRequest[],
  maxWaitSeconds: number,
): { case: EditorCase; waits: boolean } {
  const ordered = [...requests].sort((a, b) => a.at - b.at);
  const span = ordered.length ? ordered[ordered.length - 1]!.at - ordered[0]!.at : 0;
  const waits = span <= maxWaitSeconds;
  const steps: EditorCase['steps'] = [];
  let last = ordered[0]?.at ?? 0;
  for (const r of ordered) {
    if (waits && r.at > last) steps.push({ advance: r.at - last });
    last = r.at;
    const k = keys.map((t) => substitute(t, r, r.at));
    const a = args.map((t) => substitute(t, r, r.at));
    steps.push({ cmd: ['EVAL', script, String(k.length), ...k, ...a] });
  }
  return { case: { name: 'editor run', steps }, waits };
}
