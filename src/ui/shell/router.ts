import { useSyncExternalStore } from 'react';

/** A hash route: `#/lessons/fixed-window?x=1` is `{ parts: ['lessons', 'fixed-window'], query }`. */
export interface Route {
  parts: string[];
  query: URLSearchParams;
  hash: string;
}

export function parseHash(hash: string): Route {
  const raw = hash.replace(/^#\/?/, '');
  const q = raw.indexOf('?');
  const path = q >= 0 ? raw.slice(0, q) : raw;
  const query = new URLSearchParams(q >= 0 ? raw.slice(q + 1) : '');
  const parts = path
    .split('/')
    .filter(Boolean)
    .map((p) => {
      try {
        return decodeURIComponent(p);
      } catch {
        return p;
      }
    });
  return { parts, query, hash };
}

function subscribe(cb: () => void): () => void {
  window.addEventListener('hashchange', cb);
  return () => window.removeEventListener('hashchange', cb);
}

const getHash = () => window.location.hash;

let cached: Route | null = null;
function snapshot(): Route {
  const h = getHash();
  if (!cached || cached.hash !== h) cached = parseHash(h);
  return cached;
}

export function useRoute(): Route {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

export function navigate(to: string): void {
  window.location.hash = to.startsWith('#') ? to : `#${to}`;
}
