// "Open a live room" on a deck's projector: creates a workshop room for the deck on the lab
// server and opens its presenter view, where learners' screens follow the deck.
import { useState } from 'react';
import { navigate } from '../../ui/shell/router';

export function OpenLiveRoom({ deck }: { deck: string }) {
  const [error, setError] = useState<string | null>(null);
  const open = async () => {
    try {
      const res = await fetch('api/rooms', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ kind: 'workshop', deck }),
      });
      const body = (await res.json()) as { hostUrl?: string; detail?: string };
      if (res.status !== 201 || !body.hostUrl)
        throw new Error(body.detail ?? `The lab server answered ${res.status}.`);
      navigate(new URL(body.hostUrl).hash);
    } catch (e) {
      setError(
        e instanceof TypeError
          ? 'Live rooms need the lab server (npm start or npm run serve).'
          : (e as Error).message,
      );
    }
  };
  return (
    <>
      <button type="button" onClick={() => void open()} data-testid="open-live-room">
        Open a live room
      </button>
      {error && (
        <span role="alert" className="presenter-bar-error">
          {error}
        </span>
      )}
    </>
  );
}
