// Live rooms (docs/live.md). `#/live/<code>`: join (an interview's candidate kiosk, or a
// workshop learner); `#/live/<code>/host?secret=…`: the interviewer's window with the room
// attached; `#/live/<code>/present?secret=…`: the presenter. Shown without the app's navigation.
import { useEffect, useState } from 'react';
import { navigate, type Route } from '../../ui/shell/router';
import { CandidateKiosk } from './CandidateKiosk';
import { WorkshopPresenter } from './WorkshopPresenter';
import { LearnerView } from './LearnerView';
import { lookupRoom } from './useLive';
import { rememberHostRoom } from './useHostRoom';
import '../interview/interview.css';
import '../../ui/live/live.css';

function Join({ code }: { code: string }) {
  const [room, setRoom] = useState<Awaited<ReturnType<typeof lookupRoom>> | null>(null);
  useEffect(() => {
    let live = true;
    void lookupRoom(code).then((r) => live && setRoom(r));
    return () => {
      live = false;
    };
  }, [code]);
  if (!room)
    return (
      <p className="live-kiosk loading" role="status">
        Finding room {code}…
      </p>
    );
  if (!room.ok)
    return (
      <div className="live-kiosk">
        <p className="notice error" role="alert" data-testid="live-error">
          {room.message}
        </p>
      </div>
    );
  return room.kind === 'interview' ? (
    <CandidateKiosk code={room.id} />
  ) : (
    <LearnerView code={room.id} deck={room.deck} />
  );
}

function HostRedirect({ code, secret }: { code: string; secret: string }) {
  useEffect(() => {
    rememberHostRoom({
      id: code,
      secret,
      joinUrl: `${location.origin}${location.pathname}#/live/${code}`,
    });
    navigate('#/interview/host');
  }, [code, secret]);
  return <p role="status">Opening the interviewer&apos;s window…</p>;
}

export default function LivePage({ route }: { route: Route }) {
  const code = (route.parts[1] ?? '').toUpperCase();
  const secret = route.query.get('secret') ?? '';
  if (!code)
    return (
      <div className="live-kiosk">
        <p className="notice error">This link has no room code.</p>
      </div>
    );
  if (route.parts[2] === 'host' && secret) return <HostRedirect code={code} secret={secret} />;
  if (route.parts[2] === 'present' && secret)
    return <WorkshopPresenter code={code} secret={secret} />;
  return <Join code={code} />;
}
