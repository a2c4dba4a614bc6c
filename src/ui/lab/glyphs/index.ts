// The glyph registry: each algorithm's state drawing, found by the kind of its LimiterView
// (the descriptor's `viewKind`). Adding an algorithm adds its file here and one line below.
import type { LimiterView } from '../../../core/limiters/types';
import { concurrencyGlyph } from './concurrency';
import { fixedWindowGlyph } from './fixedWindow';
import { gcraGlyph } from './gcra';
import { leakyBucketGlyph } from './leakyBucket';
import { opaqueGlyph } from './opaque';
import { slidingLogGlyph } from './slidingLog';
import { slidingWindowCounterGlyph } from './slidingWindowCounter';
import { tokenBucketGlyph } from './tokenBucket';
import type { Glyph } from './types';

// Each glyph is typed to its own view; the map holds them as glyphs of "a view of its kind".
const GLYPHS = new Map<string, Glyph>(
  [
    tokenBucketGlyph,
    fixedWindowGlyph,
    slidingLogGlyph,
    slidingWindowCounterGlyph,
    gcraGlyph,
    leakyBucketGlyph,
    concurrencyGlyph,
    opaqueGlyph,
  ].map((g) => [g.kind, g as unknown as Glyph]),
);

/** The glyph that draws a view (a plain label for a kind nobody registered). */
export function glyphFor(view: LimiterView): Glyph {
  return GLYPHS.get(view.kind) ?? (opaqueGlyph as unknown as Glyph);
}

export type { Glyph, GlyphProps } from './types';
