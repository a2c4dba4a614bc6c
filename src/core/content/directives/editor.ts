// ```editor: an embedded Lua editor opened on a template or on code of its own.
import { isTemplateId } from '../../playground/templateIds';
import { lineOfKey, type DirectiveBlock } from '../block';
import { type DirectiveCheck, type DirectiveEntry } from './entry';

export const EDITOR_FIELDS = ['template', 'code', 'title', 'caption', 'height'] as const;

export interface EditorSpec {
  template?: string;
  code?: string;
  title?: string;
  caption?: string;
  height?: string;
}

function checkEditor(b: DirectiveBlock, c: DirectiveCheck): void {
  const spec = b.json as Record<string, unknown>;
  if ((spec.template === undefined) === (spec.code === undefined))
    c.add(b.line, 'an editor block needs exactly one of "template" or "code"');
  if (spec.template !== undefined && !isTemplateId(spec.template))
    c.add(
      lineOfKey(b, 'template'),
      `editor.template "${String(spec.template)}" is not a Lua template`,
    );
  if (spec.code !== undefined && typeof spec.code !== 'string')
    c.add(lineOfKey(b, 'code'), 'editor.code must be a string');
}

export const editor: DirectiveEntry<'editor'> = {
  name: 'editor',
  json: true,
  fields: EDITOR_FIELDS,
  closed: true,
  places: ['lesson', 'problem'],
  check: checkEditor,
};
