// A limiter with no drawing of its own (a Lua script): its name, so the box is not empty.
import type { OpaqueView } from '../../../core/limiters/types';
import { PAD, type Glyph, type GlyphProps } from './types';

/** The algorithm's name (or, for a view kind no glyph is registered for, the kind). */
const nameOf = (v: OpaqueView): string => v.algorithm ?? v.kind;

function Draw({ view, h }: GlyphProps<OpaqueView>) {
  return (
    <text className="sv-sub" x={PAD} y={h / 2}>
      {nameOf(view)} state
    </text>
  );
}

export const opaqueGlyph: Glyph<OpaqueView> = {
  kind: 'opaque',
  Draw,
  describe: (v) => `${nameOf(v)} state for ${v.key}.`,
};
