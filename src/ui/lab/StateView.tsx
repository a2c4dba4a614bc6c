// Limiter state drawn in the algorithm's own terms, from the engine's state views. Each
// algorithm's drawing is its own file under ./glyphs, found by the view's kind.
import type { LimiterView } from '../../core/limiters/types';
import { glyphFor } from './glyphs';

/** One key's state as an SVG group inside a w x h box at the origin. */
export function StateGlyph({
  view,
  now,
  w,
  h,
}: {
  view: LimiterView;
  now: number;
  w: number;
  h: number;
}) {
  const { Draw } = glyphFor(view);
  return <Draw view={view} now={now} w={w} h={h} />;
}

/** A full-size card for the side panel: the drawing plus the numbers, per key. */
export function StateCard({ view, now }: { view: LimiterView; now: number }) {
  return (
    <figure className="state-card" data-testid={`state-${view.kind}`}>
      <figcaption>
        key <code>{view.key}</code> · {view.kind === 'opaque' ? view.algorithm : view.kind}
      </figcaption>
      <svg viewBox="0 0 320 74" width="100%" role="img" aria-label={describeView(view)}>
        <StateGlyph view={view} now={now} w={320} h={70} />
      </svg>
    </figure>
  );
}

/** The state in words (the drawing's accessible name). */
export function describeView(v: LimiterView): string {
  return glyphFor(v).describe(v);
}
