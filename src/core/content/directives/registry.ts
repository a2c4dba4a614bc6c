// The lesson directives, one entry each (docs/content-format.md). The parser and the content
// check read this list and nothing else; src/content/widgets maps each name to its widget.
// Adding a directive: its entry file here, one line below, its widget, its docs line (README,
// "Add a lesson widget"). The order matters only for typo suggestions (the first close name).
import { answer } from './answer';
import { editor } from './editor';
import type { DirectiveEntry } from './entry';
import { hint } from './hint';
import { lab } from './lab';
import { question } from './question';
import { races } from './races';
import { recap } from './recap';
import { solution } from './solution';
import { starter } from './starter';
import { steps } from './steps';

export const DIRECTIVES = [
  lab,
  steps,
  editor,
  question,
  recap,
  hint,
  solution,
  starter,
  answer,
  races,
] as const;

export type DirectiveName = (typeof DIRECTIVES)[number]['name'];

/** A list of entries the parser and the check accept (the built-ins, or a test's own). */
export type DirectiveRegistry = readonly DirectiveEntry[];
