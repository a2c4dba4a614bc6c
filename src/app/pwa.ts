/// <reference types="vite-plugin-pwa/vanillajs" />
// The service worker (vite-plugin-pwa + Workbox, configured in vite.config.ts) is registered in
// production builds only. The dev server never registers one, and removes any left over from an
// older build served on the same origin, so a stale cache never hides a change during `npm start`.
import { errorMessage } from '../core/util/errorMessage';

export interface OfflineStatus {
  /** Every file of the build is cached: the lab now works with the network off. */
  offlineReady: boolean;
  /** A newer build is waiting; `reload()` switches to it. */
  updateReady: boolean;
  /** Registration failed (the message says why); the lab still works online. */
  error: string | null;
}

let status: OfflineStatus = { offlineReady: false, updateReady: false, error: null };
const listeners = new Set<() => void>();
let update: ((reload?: boolean) => Promise<void>) | null = null;

function set(patch: Partial<OfflineStatus>): void {
  status = { ...status, ...patch };
  for (const l of listeners) l();
}

export const offlineStatus = {
  get: (): OfflineStatus => status,
  subscribe(cb: () => void): () => void {
    listeners.add(cb);
    return () => listeners.delete(cb);
  },
  /** Activates the waiting build and reloads the page. */
  reload(): void {
    if (update) void update(true);
    else window.location.reload();
  },
};

export function registerServiceWorker(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  if (!import.meta.env.PROD) {
    void navigator.serviceWorker
      .getRegistrations()
      .then((regs) => Promise.all(regs.map((r) => r.unregister())))
      .catch(() => undefined);
    return;
  }
  void import('virtual:pwa-register')
    .then(({ registerSW }) => {
      update = registerSW({
        immediate: true,
        onOfflineReady: () => set({ offlineReady: true }),
        onNeedRefresh: () => set({ updateReady: true }),
        onRegisterError: (e: unknown) => set({ error: errorMessage(e) }),
      });
    })
    .catch((e: unknown) => set({ error: errorMessage(e) }));
}
