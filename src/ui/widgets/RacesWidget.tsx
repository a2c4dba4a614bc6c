import { useMemo } from 'react';
import { parseRacesSpec } from '../../core/races/puzzle';
import { Scheduler } from '../races/Scheduler';
import { encodeRaceShare } from '../../core/races/share';
import './widgets.css';
import { errorMessage } from '../../core/util/errorMessage';

/** A scheduler embedded in a lesson (a ```races block): the same screen as #/races. */
export function RacesWidget({ spec }: { spec: unknown }) {
  const parsed = useMemo(() => {
    try {
      return { ok: true as const, spec: parseRacesSpec(spec) };
    } catch (e) {
      return { ok: false as const, message: errorMessage(e) };
    }
  }, [spec]);
  if (!parsed.ok)
    return (
      <p className="notice error" role="alert">
        This scheduler could not be set up: {parsed.message}
      </p>
    );
  const s = parsed.spec;
  return (
    <figure className="widget card races-widget" data-testid="races-widget">
      <figcaption className="widget-caption">
        <span className="widget-kind">Scheduler</span>
        <strong className="widget-title">{s.title ?? 'You are the scheduler'}</strong>
        <span className="widget-actions">
          <a className="button" href={`#/races?s=${encodeRaceShare(s.raw, [])}`}>
            Open on the scheduler screen
          </a>
        </span>
      </figcaption>
      {s.caption && <p className="widget-note">{s.caption}</p>}
      <Scheduler
        raw={s.raw}
        goal={s.goal}
        part={s.part}
        servers={s.servers}
        real={s.real}
        embedded
      />
    </figure>
  );
}
