// The workshop handout: every step's title and caption, a static picture of its scene state (an
// SVG drawn from the engine's run: every request on a time axis with its outcome shape, the
// step's time as a line, the counts decided by then), and a QR code per link into the lab or the
// editor, named by its title rather than printed as a raw address, so a printed page still leads
// back into the lab.
import { errorMessage } from '../../core/util/errorMessage';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import type { Deck, DeckStep } from '../../core/content/deck';
import { countsAt, type SceneLane } from '../../core/content/deckScene';
import { deckRace, deckScene, deckScript } from './decks';
import { editorLink, fmtSeconds, labLink, scheduleText } from './Stage';

const absolute = (hash: string): string =>
  `${window.location.origin}${window.location.pathname}${window.location.search}${hash}`;

function shape(outcome: string, x: number, y: number, r: number) {
  switch (outcome) {
    case 'allowed':
      return <circle cx={x} cy={y} r={r} className="ps-allowed" />;
    case 'denied':
      return <rect x={x - r} y={y - r} width={2 * r} height={2 * r} className="ps-denied" />;
    case 'unavailable':
      return <path d={`M${x} ${y - r}L${x + r} ${y + r}H${x - r}Z`} className="ps-unavailable" />;
    default:
      return <circle cx={x} cy={y} r={r - 1} className="ps-bypass" />;
  }
}

/** One lane as a strip: time left to right, one mark per request, the step's time as a line. */
export function LaneStrip({
  lane,
  time,
  end,
}: {
  lane: SceneLane;
  time: number | null;
  end: number;
}) {
  const W = 640;
  const H = 56;
  const pad = 16;
  const span = Math.max(end, 1e-9);
  const x = (t: number) => pad + ((W - 2 * pad) * t) / span;
  const c = countsAt(lane, time);
  // Requests at the same moment stack upward so none hides another.
  const stack = new Map<number, number>();
  return (
    <figure className="print-strip">
      <svg
        viewBox={`0 0 ${W} ${H + 18}`}
        role="img"
        aria-label={`${lane.label ?? 'Requests'}: ${c.allowed} admitted, ${c.denied} denied`}
      >
        <line x1={pad} x2={W - pad} y1={H - 6} y2={H - 6} className="ps-axis" />
        {lane.requests.map((q) => {
          const px = Math.round(x(q.at));
          const k = stack.get(px) ?? 0;
          stack.set(px, k + 1);
          const decided = time === null || q.decidedAt <= time;
          const y = H - 16 - Math.min(k, 3) * 11;
          return (
            <g key={q.n} opacity={decided ? 1 : 0.25}>
              {shape(q.outcome, px, y, 4.5)}
            </g>
          );
        })}
        {time !== null && <line x1={x(time)} x2={x(time)} y1={2} y2={H} className="ps-now" />}
        <text x={pad} y={H + 14} className="ps-label">
          0 s
        </text>
        <text x={W - pad} y={H + 14} textAnchor="end" className="ps-label">
          {fmtSeconds(end)}
        </text>
      </svg>
      <figcaption>
        {lane.label ? <strong>{lane.label}: </strong> : null}
        {c.allowed} admitted, {c.denied} denied (429)
        {c.unavailable ? `, ${c.unavailable} unavailable (503)` : ''}
        {c.bypass ? `, ${c.bypass} bypassed` : ''}, {c.decided} of {c.total} decided
        {time === null ? '' : ` by ${fmtSeconds(time)}`}.
      </figcaption>
    </figure>
  );
}

/** A link's QR code as an image (an SVG data URL); a message when the link is too long. */
function Qr({ text, label }: { text: string; label: string }) {
  const [out, setOut] = useState<{ src: string } | { error: string } | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'L' }).then(
      (svg) =>
        live && setOut({ src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` }),
      (e: unknown) =>
        live &&
        setOut({
          error: `This link is too long for a QR code (${text.length} characters): ${errorMessage(e)}`,
        }),
    );
    return () => {
      live = false;
    };
  }, [text]);
  if (!out) return <span className="print-qr-wait">QR code…</span>;
  if ('error' in out) return <span className="print-qr-error">{out.error}</span>;
  return (
    <img className="print-qr" src={out.src} alt={`QR code: ${label}`} data-testid="print-qr" />
  );
}

function PrintStep({ deck, step, notes }: { deck: Deck; step: DeckStep; notes: boolean }) {
  const v = step.view;
  let picture: React.ReactNode = null;
  const links: { label: string; title: string; href: string }[] = [];
  if (v.kind === 'scene') {
    const scene = deckScene(deck, v.scenario);
    if (scene instanceof Error) picture = <p>This scenario could not run: {scene.message}</p>;
    else {
      picture = (
        <>
          <p className="print-meta">
            {scene.title ? `${scene.title} · ` : ''}t ={' '}
            {v.time === null ? 'end of the run' : fmtSeconds(v.time)}
            {v.highlight
              ? ` · look at ${v.highlight.kind} ${v.highlight.kind === 'request' ? `#${v.highlight.request}` : v.highlight.kind === 'key' ? v.highlight.key : v.highlight.server}`
              : ''}
          </p>
          {scene.lanes.map((l, k) => (
            <LaneStrip key={k} lane={l} time={v.time} end={scene.endTime} />
          ))}
        </>
      );
      scene.lanes.forEach((l) =>
        links.push({
          label: l.label ? `Open in the lab (${l.label})` : 'Open in the lab',
          title: scene.title ?? step.title,
          href: absolute(labLink(l.scenario, v.time)),
        }),
      );
    }
  } else if (v.kind === 'race') {
    const race = deckRace(deck, v.code, v.schedule);
    const source = typeof race?.raw.code === 'string' ? race.raw.code : null;
    if (race && source) {
      picture = (
        <>
          <pre className="print-code">
            <code>{source}</code>
          </pre>
          <ol className="print-schedule">
            {scheduleText(v.schedule).map((t, i) => (
              <li key={i}>{t.replace(/^\d+\. /, '')}</li>
            ))}
          </ol>
        </>
      );
      const text = v.schedule
        .map((t) => String.fromCharCode((t.crash ? 97 : 65) + t.request - 1))
        .join('');
      const script = deckScript(deck, v.code);
      if (race.puzzle)
        links.push({
          label: 'Race puzzle (this schedule)',
          title: step.title,
          href: absolute(`#/races/${race.puzzle}${text ? `?schedule=${text}` : ''}`),
        });
      else if (script)
        links.push({
          label: 'Editor (app-server code)',
          title: step.title,
          href: absolute(editorLink(script, 'app')),
        });
    }
  } else if (v.kind === 'editor') {
    const script = deckScript(deck, v.code);
    if (script) {
      picture = (
        <pre className="print-code">
          <code>{script.source}</code>
        </pre>
      );
      links.push({
        label: 'Editor',
        title: step.title,
        href: absolute(editorLink(script, 'script')),
      });
    }
  }
  return (
    <section className="print-step" data-testid="print-step">
      <h2>
        {step.index + 1}. {step.title}
      </h2>
      <p className="print-caption">{step.caption}</p>
      {picture}
      {links.length > 0 && (
        <ul className="print-links" data-testid="print-links">
          {links.map((l, i) => (
            <li key={i} className="print-link">
              <Qr text={l.href} label={`${l.label}: ${l.title}`} />
              <a href={l.href}>
                {l.label}: {l.title}
              </a>
            </li>
          ))}
        </ul>
      )}
      {notes && step.notes && <div className="print-notes">{step.notes}</div>}
    </section>
  );
}

export function PrintView({ deck, base }: { deck: Deck; base: string }) {
  const [notes, setNotes] = useState(false);
  return (
    <div className="print-view" data-testid="print-view">
      <div className="print-toolbar no-print">
        <a href={base}>← Back to the deck</a>
        <label>
          <input type="checkbox" checked={notes} onChange={(e) => setNotes(e.target.checked)} />{' '}
          Include speaker notes
        </label>
        <button
          type="button"
          className="button primary"
          onClick={() => window.print()}
          data-testid="print-now"
        >
          Print
        </button>
      </div>
      <header className="print-head">
        <h1>{deck.title}</h1>
        <p>
          {deck.minutes} minutes · {deck.steps.length} steps
          {deck.summary ? ` · ${deck.summary}` : ''}
        </p>
        <p className="print-legend">
          Marks: ● admitted · ■ denied (429) · ▲ unavailable (503) · ○ bypassed. Faded marks are not
          decided yet at the step&apos;s time (the vertical line).
        </p>
      </header>
      {deck.steps.map((s) => (
        <PrintStep key={s.index} deck={deck} step={s} notes={notes} />
      ))}
    </div>
  );
}
