import { useStore } from 'zustand';
import { editorStore, type EditorState } from '../../store/editorStore';

/** A React hook over the editor store. */
export function useEditor<T>(selector: (s: EditorState) => T): T {
  return useStore(editorStore, selector);
}
