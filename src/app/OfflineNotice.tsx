// Tells the user when the lab can work offline, and when a newer build is waiting (it never
// reloads by itself: a workshop in the middle of a deck must not jump).
import { useSyncExternalStore } from 'react';
import { offlineStatus } from './pwa';

export function OfflineNotice() {
  const s = useSyncExternalStore(offlineStatus.subscribe, offlineStatus.get, offlineStatus.get);
  if (s.updateReady)
    return (
      <div className="update-notice" role="status" data-testid="update-ready">
        A newer version of the lab is ready.{' '}
        <button type="button" className="button primary" onClick={() => offlineStatus.reload()}>
          Reload to update
        </button>
      </div>
    );
  if (s.offlineReady)
    return (
      <span className="offline-ready" role="status" data-testid="offline-ready">
        Installed for offline use: this lab now works with the network off.
      </span>
    );
  return null;
}
