// What every algorithm's glyph file exports: a drawing of one key's state and the same state
// in words (the drawing's accessible name).
import type { ReactNode } from 'react';
import type { LimiterView } from '../../../core/limiters/types';

export interface GlyphProps<V extends LimiterView = LimiterView> {
  view: V;
  now: number;
  /** The box the drawing fills, at the origin. */
  w: number;
  h: number;
}

export interface Glyph<V extends LimiterView = LimiterView> {
  /** The LimiterView kind it draws (the algorithm's descriptor's `viewKind`). */
  kind: V['kind'];
  Draw(props: GlyphProps<V>): ReactNode;
  describe(view: V): string;
}

/** Whole numbers as they are, others to d decimals. */
export const fmt = (x: number, d = 2): string => (Number.isInteger(x) ? String(x) : x.toFixed(d));

/** The inner padding every glyph keeps from its box's edges. */
export const PAD = 4;

/**
 * The first of the texts that fits in `w` units at about `px` units a character (the glyphs'
 * bold numbers are ~7.5 wide, their small print ~6), else the last: a glyph in a narrow box
 * (a store in the compact layout) says it shorter rather than running out of its box.
 */
export function fitText(w: number, px: number, ...texts: string[]): string {
  return texts.find((t) => t.length * px <= w) ?? texts[texts.length - 1]!;
}
