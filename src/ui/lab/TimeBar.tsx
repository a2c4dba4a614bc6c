// Play, pause, step, speed (log scale), scrubber with event ticks, the clock, jump to time
// and the share link. The clock and the scrubber thumb are drawn by the animation loop.
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { encodeShare } from '../../core/share';
import { OUTCOME_NAMES as OUTCOMES } from '../../core/lab/columns';
import { endOf, labStore, SPEED_MAX, SPEED_MIN } from '../../store/labStore';
import { addDrawer, useLab } from './useLab';

/** The slider thumb's width in CSS px (lab.css styles the thumb; the playhead draws it). */
const THUMB = 18;

export const SPEEDS = [0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100];

export function speedStep(speed: number, dir: 1 | -1): number {
  if (dir > 0) return SPEEDS.find((s) => s > speed + 1e-9) ?? SPEED_MAX;
  return [...SPEEDS].reverse().find((s) => s < speed - 1e-9) ?? SPEED_MIN;
}

export const fmtSpeed = (s: number) =>
  s < 1 ? s.toFixed(s < 0.2 ? 2 : 1) : s < 10 ? s.toFixed(s % 1 ? 1 : 0) : s.toFixed(0);
export const fmtTime = (t: number) => t.toFixed(2);

export function shareLink(): string {
  const s = labStore.getState();
  const base = `${location.origin}${location.pathname}${location.search}`;
  // Past the last event nothing changes: the link opens at the end.
  return `${base}#/lab?scenario=${encodeShare(s.input)}&t=${+Math.min(s.now, endOf(s)).toFixed(3)}`;
}

function Ticks({ end }: { end: number }) {
  const run = useLab((s) => s.run);
  // One tick per decision, coloured and shaped by outcome, at most ~400 drawn.
  const ticks = useMemo(() => {
    const out: { x: number; o: number }[] = [];
    const stride = Math.max(1, Math.ceil(run.n / 400));
    for (let j = 0; j < run.n; j += stride) {
      const i = run.byDecision[j]!;
      out.push({ x: (run.decidedAt[i]! / end) * 1000, o: run.outcome[i]! });
    }
    return out;
  }, [run, end]);
  return (
    <svg className="ticks" viewBox="0 0 1000 10" preserveAspectRatio="none" aria-hidden>
      {ticks.map((t, k) => (
        <rect
          key={k}
          className={`tick o-${OUTCOMES[t.o]}`}
          x={t.x - 1.5}
          y={t.o === 0 ? 0 : 4}
          width={3}
          height={t.o === 0 ? 5 : 6}
        />
      ))}
    </svg>
  );
}

export function TimeBar() {
  const playing = useLab((s) => s.playing);
  const speed = useLab((s) => s.speed);
  const end = useLab((s) => endOf(s));
  const scrub = useRef<HTMLInputElement>(null);
  const clock = useRef<HTMLOutputElement>(null);
  const head = useRef<HTMLDivElement>(null);
  const [jump, setJump] = useState('');
  const [link, setLink] = useState<string | null>(null);
  const [copied, setCopied] = useState('');

  useLayoutEffect(() => {
    let lastText = '';
    let lastLabel = -Infinity;
    let width = 0;
    let lastX = NaN;
    const draw = (now: number, coarse: boolean) => {
      // Every frame: the playhead, a composited transform (no layout, no paint).
      const f = end > 0 ? Math.min(1, Math.max(0, now / end)) : 0;
      const x = f * Math.max(0, width - THUMB);
      if (head.current && !(Math.abs(x - lastX) < 0.25)) {
        lastX = x;
        head.current.style.transform = `translateX(${x.toFixed(1)}px)`;
      }
      // A few times a second (every call when paused): the clock text and the native
      // slider's value, which is what keyboards and screen readers use.
      if (!coarse) return;
      const text = fmtTime(now);
      const c = clock.current;
      if (c && text !== lastText) {
        const node = c.firstChild;
        if (node && node.nodeType === 3) (node as Text).data = text;
        else c.textContent = text;
        lastText = text;
      }
      const el = scrub.current;
      if (!el) return;
      if (document.activeElement !== el) el.value = String(Math.min(now, end));
      // Screen readers need the time in words, not ten times a second.
      const w = performance.now();
      if (!labStore.getState().playing || w - lastLabel > 1000) {
        lastLabel = w;
        el.setAttribute('aria-valuetext', `${text} seconds of ${fmtTime(end)}`);
      }
    };
    const ro =
      typeof ResizeObserver !== 'undefined' && scrub.current
        ? new ResizeObserver((entries) => {
            width = entries[0]?.contentRect.width ?? 0;
            lastX = NaN;
            draw(labStore.getState().now, false);
          })
        : null;
    if (scrub.current) ro?.observe(scrub.current);
    const off = addDrawer(draw);
    return () => {
      off();
      ro?.disconnect();
    };
  }, [end]);

  const st = labStore.getState;
  const copy = async () => {
    const l = shareLink();
    setLink(l);
    try {
      await navigator.clipboard.writeText(l);
      setCopied('Link copied. It opens this scenario at this moment.');
    } catch {
      setCopied('Copy the link below (the clipboard is not available here).');
    }
  };

  return (
    <div className="timebar" role="group" aria-label="Time controls">
      <div className="tb-buttons">
        <button
          type="button"
          className="button"
          onClick={() => st().step(-1)}
          aria-label="Step back to the previous event"
          title="Previous event (←)"
        >
          ‹ Prev
        </button>
        <button
          type="button"
          className="button primary play"
          data-testid="play-pause"
          onClick={() => st().togglePlay()}
          aria-label={playing ? 'Pause' : 'Play'}
          title="Play / pause (space)"
        >
          {playing ? '❚❚ Pause' : '▶ Play'}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => st().step(1)}
          aria-label="Step to the next event"
          title="Next event (→)"
        >
          Next ›
        </button>
      </div>
      <div className="tb-clock">
        <span className="muted">t =</span>{' '}
        <output ref={clock} data-testid="clock-now" aria-label="Current time in seconds">
          {fmtTime(st().now)}
        </output>
        <span className="muted"> s</span>
      </div>
      <div className="tb-scrub">
        <div className="tb-track">
          <input
            ref={scrub}
            type="range"
            min={0}
            max={end}
            step={end / 500}
            defaultValue={0}
            aria-label="Timeline"
            data-testid="scrubber"
            onInput={(e) => {
              const s = st();
              if (s.playing) s.pause();
              s.seek(Number((e.target as HTMLInputElement).value));
            }}
            onKeyDown={(e) => e.stopPropagation()}
          />
          <div ref={head} className="playhead" aria-hidden />
        </div>
        <Ticks end={end} />
      </div>
      <label className="tb-speed">
        <span>Speed</span>
        <input
          type="range"
          min={Math.log10(SPEED_MIN)}
          max={Math.log10(SPEED_MAX)}
          step={0.05}
          value={Math.log10(speed)}
          aria-valuetext={`${fmtSpeed(speed)} times`}
          data-testid="speed"
          onChange={(e) => st().setSpeed(+Math.pow(10, Number(e.target.value)).toPrecision(2))}
          onKeyDown={(e) => e.stopPropagation()}
        />
        <output data-testid="speed-value">{fmtSpeed(speed)}×</output>
      </label>
      <form
        className="tb-jump"
        onSubmit={(e) => {
          e.preventDefault();
          const t = Number(jump);
          if (jump.trim() !== '' && Number.isFinite(t) && t >= 0) {
            st().pause();
            st().seek(t);
          }
        }}
      >
        <label>
          <span className="visually-hidden">Jump to time in seconds</span>
          <input
            type="number"
            min={0}
            step="any"
            placeholder="jump to s"
            value={jump}
            onChange={(e) => setJump(e.target.value)}
            onKeyDown={(e) => e.stopPropagation()}
          />
        </label>
        <button type="submit" className="button">
          Go
        </button>
      </form>
      <button type="button" className="button" data-testid="copy-link" onClick={copy}>
        Copy link
      </button>
      {link && (
        <div className="tb-link" role="status">
          <span>{copied}</span>
          <input
            readOnly
            value={link}
            data-testid="share-link"
            aria-label="Share link"
            onFocus={(e) => e.currentTarget.select()}
          />
        </div>
      )}
    </div>
  );
}
