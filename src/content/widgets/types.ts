// What DocBody hands the widget of a directive block (the map is in ./index.ts).
import type { ComponentType } from 'react';
import type { Block, Directive } from '../../core/content/parseDoc';

export interface DirectiveWidgetProps {
  /** The block to draw. */
  block: Directive;
  /** The document's blocks, and where this one is among them. */
  blocks: readonly Block[];
  index: number;
  /** This block's number among the document's blocks of the same directive (1-based). */
  n: number;
  /** How many blocks of this directive the document has. */
  total: number;
  /** The lesson it is drawn in (a missed question joins the review queue); none in a problem. */
  lesson?: { slug: string; title: string };
}

/** A widget module: its default export draws one block. */
export interface DirectiveWidgetModule {
  default: ComponentType<DirectiveWidgetProps>;
}
