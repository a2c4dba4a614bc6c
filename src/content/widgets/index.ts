// Which widget draws each lesson directive (the directives are src/core/content/directives).
// Each widget is its own chunk, loaded when a page first shows a block of it, and drawn in the
// first render after that (lazyModule). Null: no widget in a lesson body, the practice page
// draws the block itself (hints one at a time, the solution, the starter form, the answer).
import type { DirectiveName } from '../../core/content/parseDoc';
import { lazyModule, type LazyModule } from '../../ui/shell/lazyModule';
import type { DirectiveWidgetModule } from './types';

export type { DirectiveWidgetProps } from './types';

export const DIRECTIVE_WIDGETS: {
  readonly [N in DirectiveName]: LazyModule<DirectiveWidgetModule> | null;
} = {
  lab: lazyModule(() => import('./lab')),
  steps: lazyModule(() => import('./steps')),
  editor: lazyModule(() => import('./editor')),
  question: lazyModule(() => import('./question')),
  recap: lazyModule(() => import('./recap')),
  races: lazyModule(() => import('./races')),
  hint: null,
  solution: null,
  starter: null,
  answer: null,
};

/** The widget of a directive, or null when a lesson body draws none. */
export const widgetOf = (name: string): LazyModule<DirectiveWidgetModule> | null =>
  (DIRECTIVE_WIDGETS as Record<string, LazyModule<DirectiveWidgetModule> | null>)[name] ?? null;
