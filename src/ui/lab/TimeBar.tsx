// Play, pause, step, speed (log scale), scrubber with event ticks and the clock; under it on
// the lab screen, jump to a time and the share link (TimeTools), and the keys (TimeKeys). The
// clock and the scrubber thumb are drawn by the animation loop.
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { OUTCOME_NAMES as OUTCOMES } from '../../core/lab/columns';
import { endOf, SPEED_MAX, SPEED_MIN, type LabStore } from '../../store/labStore';
import { labLinkOf } from '../../store/labLink';
import { addDrawer, useLab, useStage } from './useLab';

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

/** A link to the lab at this store's scenario, lanes and moment (absolute, to share). */
export function shareLink(store: LabStore): string {
  const base = `${location.origin}${location.pathname}${location.search}`;
  return `${base}${labLinkOf(store.getState())}`;
}

/**
 * The time keys of a stage, for a keydown handler (the lab screen's window, a widget's own
 * element). True when the key was one of them (the caller prevents its default).
 */
export function timeKey(store: LabStore, e: { key: string; shiftKey: boolean }): boolean {
  const s = store.getState();
  if (e.key === ' ' || e.key === 'k') s.togglePlay();
  else if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
    const dir = e.key === 'ArrowRight' ? 1 : -1;
    if (e.shiftKey) {
      s.pause();
      s.seek(s.now + dir * Math.max(0.5, s.run.end / 20));
    } else s.step(dir);
  } else if (e.key === 'Home') s.jump('start');
  else if (e.key === 'End') s.jump('end');
  else if (e.key === '+' || e.key === '=') s.setSpeed(speedStep(s.speed, 1));
  else if (e.key === '-' || e.key === '_') s.setSpeed(speedStep(s.speed, -1));
  else return false;
  return true;
}

/** The keys of the time controls, listed where they work. */
export function TimeKeys({ where }: { where: string }) {
  return (
    <p className="kbd-help muted small" data-testid="time-keys">
      Keys {where}: <kbd>Space</kbd> play/pause, <kbd>←</kbd>/<kbd>→</kbd> previous/next event,{' '}
      <kbd>Shift</kbd>+<kbd>←</kbd>/<kbd>→</kbd> skip a twentieth, <kbd>Home</kbd>/<kbd>End</kbd>{' '}
      start/end, <kbd>+</kbd>/<kbd>−</kbd> speed.
    </p>
  );
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

export function TimeBar({ compact = false }: { compact?: boolean }) {
  const stage = useStage();
  const playing = useLab((s) => s.playing);
  const speed = useLab((s) => s.speed);
  const end = useLab((s) => endOf(s));
  const scrub = useRef<HTMLInputElement>(null);
  const clock = useRef<HTMLOutputElement>(null);
  const head = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const store = stage.store;
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
      if (!store.getState().playing || w - lastLabel > 1000) {
        lastLabel = w;
        el.setAttribute('aria-valuetext', `${text} seconds of ${fmtTime(end)}`);
      }
    };
    const ro =
      typeof ResizeObserver !== 'undefined' && scrub.current
        ? new ResizeObserver((entries) => {
            width = entries[0]?.contentRect.width ?? 0;
            lastX = NaN;
            draw(store.getState().now, false);
          })
        : null;
    if (scrub.current) ro?.observe(scrub.current);
    const off = addDrawer(stage, draw);
    return () => {
      off();
      ro?.disconnect();
    };
  }, [end, stage]);

  const st = stage.store.getState;

  return (
    <div className={`timebar${compact ? ' compact' : ''}`} role="group" aria-label="Time controls">
      <div className="tb-buttons">
        <button
          type="button"
          className="button"
          onClick={() => st().step(-1)}
          aria-label="Prev: step back to the previous event"
          title="Previous event (←)"
        >
          ‹<span className="tb-word"> Prev</span>
        </button>
        <button
          type="button"
          className="button primary play"
          data-testid="play-pause"
          onClick={() => st().togglePlay()}
          aria-label={playing ? 'Pause' : 'Play'}
          title="Play / pause (space)"
        >
          {playing ? '❚❚' : '▶'}
          <span className="tb-word">{playing ? ' Pause' : ' Play'}</span>
        </button>
        <button
          type="button"
          className="button"
          onClick={() => st().step(1)}
          aria-label="Next: step to the next event"
          title="Next event (→)"
        >
          <span className="tb-word">Next </span>›
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
          aria-label="Speed"
          aria-valuetext={`${fmtSpeed(speed)} times`}
          data-testid="speed"
          onChange={(e) => st().setSpeed(+Math.pow(10, Number(e.target.value)).toPrecision(2))}
          onKeyDown={(e) => e.stopPropagation()}
        />
        <output data-testid="speed-value">{fmtSpeed(speed)}×</output>
      </label>
    </div>
  );
}

/** Jump to a time and copy a link to this moment (the lab screen's, not sticky). */
export function TimeTools() {
  const stage = useStage();
  const [jump, setJump] = useState('');
  const [link, setLink] = useState<string | null>(null);
  const [copied, setCopied] = useState('');
  const st = stage.store.getState;
  const copy = async () => {
    const l = shareLink(stage.store);
    setLink(l);
    try {
      await navigator.clipboard.writeText(l);
      setCopied('Link copied. It opens this scenario at this moment.');
    } catch {
      setCopied('Copy the link below (the clipboard is not available here).');
    }
  };
  return (
    <div className="time-tools">
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
