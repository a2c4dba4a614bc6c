// ```editor: an embedded Lua editor.
import type { EditorSpec } from '../../core/content/directives';
import { LuaEditorWidget } from '../../ui/widgets/LuaEditorWidget';
import type { DirectiveWidgetProps } from './types';

export default function EditorBlock({ block }: DirectiveWidgetProps) {
  return <LuaEditorWidget spec={block.json as EditorSpec} />;
}
