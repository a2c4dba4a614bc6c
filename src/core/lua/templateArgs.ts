// KEYS and ARGV templates of `algorithm: "lua"` (docs/spec/headless.md), shared by the lab's lua
// limiter and the editor's runner so both fill them the same way.
import type { LimiterRequest } from '../limiters/types';

/** Fill `{key}`, `{server}`, `{cost}` and `{now}` (virtual seconds) in a KEYS/ARGV template. */
export function substitute(
  template: string,
  req: Pick<LimiterRequest, 'key' | 'server' | 'cost'>,
  now: number,
): string {
  return template.replace(/\{(key|server|cost|now)\}/g, (_, name: string) => {
    switch (name) {
      case 'key':
        return req.key;
      case 'server':
        return req.server;
      case 'cost':
        return String(req.cost);
      default:
        return String(now);
    }
  });
}
