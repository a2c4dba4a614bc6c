// The editor page's two effects: its own scene while the page is open (the replay of Lua
// states and the play loop), and Ctrl/Cmd+Enter to run with the draft saved when the page hides.
import { useEffect, useState } from 'react';
import { flushEditorSave } from '../../store/editorStore';
import { startLoop } from '../lab/loop';
import { installReplay } from './replay';
import { runEditor } from './runController';
import { editorStage } from './stage';

/**
 * Draw the editor's own scene while the editor is open (its store is not the lab screen's:
 * leaving the editor restores nothing, so a lab link opened next keeps its scenario).
 */
export function useEditorScene(): void {
  // Installed before the scene's first render too: back on this page, the scene's store still
  // holds the last run, whose Lua states only the replay can restore (the effect below runs
  // after that render, too late).
  useState(installReplay);
  useEffect(() => {
    const uninstall = installReplay();
    const stopLoop = startLoop(editorStage);
    return () => {
      stopLoop();
      uninstall();
      editorStage.store.getState().pause();
    };
  }, []);
}

export function useGlobalRunKey(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.defaultPrevented) {
        e.preventDefault();
        void runEditor();
      }
    };
    window.addEventListener('keydown', onKey);
    const onHide = () => flushEditorSave();
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onHide);
      flushEditorSave();
    };
  }, []);
}
