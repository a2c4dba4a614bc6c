// The lab's share links: `#/lab?scenario=...&t=...` (and a lesson's `compare`, `sel`, `lane`)
// loaded into the lab screen's store once per distinct link; the answer is the message to show.
import { useRef, useState } from 'react';
import { limiterNamesOf, limitersReady, prepareLimiters } from '../../../core/limiters/registry';
import { linkLoadFailed, loadLink, readLinkScenario } from '../../../store/labLink';
import type { Route } from '../../shell/router';

/** Loads `#/lab?scenario=...&t=...` once per distinct link. */
export function useUrlScenario(route: Route): string | null {
  const param = route.query.get('scenario');
  const t = route.query.get('t');
  const extras = {
    compare: route.query.get('compare'),
    sel: route.query.get('sel'),
    lane: route.query.get('lane'),
  };
  const [error, setError] = useState<string | null>(null);
  const [seen, setSeen] = useState<string | null>(null);
  const key = `${param ?? ''}|${t ?? ''}|${extras.compare ?? ''}|${extras.sel ?? ''}|${extras.lane ?? ''}`;
  const seenKey = useRef(key);
  seenKey.current = key;
  if (key !== seen) {
    setSeen(key);
    if (param) {
      let message: string | null = null;
      const link = readLinkScenario(param);
      if (!link.ok) message = link.message;
      else {
        const names = limiterNamesOf(link.input);
        if (limitersReady(names)) {
          const m = loadLink(link.input, t, extras);
          // A learner's script runs in the lab's worker: the message comes when its run is in.
          if (m instanceof Promise)
            void m.then((x) => {
              if (seenKey.current === key) setError(x);
            });
          else message = m;
        } else {
          // A Lua scenario: load the engine first, then the scenario (the link keeps its place).
          prepareLimiters(names).then(
            () => {
              if (seenKey.current !== key) return;
              const m = loadLink(link.input, t, extras);
              if (m instanceof Promise)
                void m.then((x) => {
                  if (seenKey.current === key) setError(x);
                });
              else setError(m);
            },
            (e: unknown) => setError(linkLoadFailed(e)),
          );
        }
      }
      setError(message);
    } else setError(null);
  }
  return error;
}
