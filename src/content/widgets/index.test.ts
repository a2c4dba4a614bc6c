// The directive registry (core) and the widget map (here) name the same directives: a
// directive a lesson may hold has a widget, and the map names nothing the registry lacks.
import { describe, expect, it } from 'vitest';
import { DIRECTIVES } from '../../core/content/directives/registry';
import { DIRECTIVE_WIDGETS, widgetOf } from './index';

describe('the directive widget map', () => {
  it('has an entry for every registered directive, and none other', () => {
    expect(Object.keys(DIRECTIVE_WIDGETS).sort()).toEqual(DIRECTIVES.map((d) => d.name).sort());
  });

  it('gives a widget to every directive a lesson may hold (the practice page draws the rest)', () => {
    for (const d of DIRECTIVES)
      expect([d.name, widgetOf(d.name) !== null]).toEqual([d.name, d.places.includes('lesson')]);
    expect(widgetOf('no-such-directive')).toBeNull();
  });

  it('loads each widget as a module whose default export draws a block', async () => {
    for (const d of DIRECTIVES) {
      const w = widgetOf(d.name);
      if (!w) continue;
      const m = await w.load();
      expect([d.name, typeof m.default]).toEqual([d.name, 'function']);
      expect(w.loaded()).toBe(m);
    }
  });
});
