// What the rest of the app reads about directive bodies: the lab block's helpers (the lab, the
// widgets and the presenter split a block into scenario and options) and the bodies' types.
// The registry of entries, with their checks, is ./registry.ts (the parser and the check
// import it); importing this file does not bring the checks into a bundle.
export { labStart, laneLabels, LAB_WIDGET_FIELDS, splitLab, type LabParts } from './lab';
export { unknownFields } from './entry';
export type { DirectiveCheck, DirectiveEntry, Place } from './entry';
export type { DirectiveName, DirectiveRegistry } from './registry';
export type { EditorSpec } from './editor';
export type { QuestionSpec } from './question';
export type { FormField, ProblemKind, StarterSpec } from './starter';
