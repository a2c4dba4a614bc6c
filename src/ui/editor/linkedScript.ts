// A link into the editor: `?s=` (a shared script) replaces the learner's script only when
// the old one is kept for Undo (else it asks first); `?template=` (from a lesson) picks a
// template. Each link is applied once, then taken out of the address bar.
import { errorMessage } from '../../core/util/errorMessage';
import { useEffect, useRef } from 'react';
import { templateById, type TemplateId } from '../../core/playground/templates';
import { editorStore } from '../../store/editorStore';
import type { Route } from '../shell/router';
import { readShared } from './files';
import { runEditor } from './runController';

/** `?s=` (a shared script) and `?template=` (from a lesson) are applied once per link. */
export function useLinkedScript(route: Route): void {
  const s = route.query.get('s');
  const t = route.query.get('template');
  const seen = useRef<string | null>(null);
  useEffect(() => {
    const key = `${s ?? ''}|${t ?? ''}`;
    if (seen.current === key) return;
    seen.current = key;
    const es = editorStore.getState();
    if (s) {
      try {
        const shared = readShared(s);
        es.selectTemplate(shared.template);
        const cur = editorStore.getState().draft;
        const differs =
          cur.source !== shared.draft.source ||
          cur.keys.join('\n') !== shared.draft.keys.join('\n') ||
          cur.args.join('\n') !== shared.draft.args.join('\n');
        const open = (force: boolean): boolean => {
          const err = differs
            ? editorStore.getState().replaceDraft(shared.draft, 'opened a shared link', force)
            : null;
          if (err) {
            // Replacing now would lose the learner's script after a reload: ask first.
            editorStore.getState().setNotice({
              kind: 'error',
              text: `The shared script was not opened: your own script could not be set aside for Undo (${err}). Download yours first, or open the shared one anyway (Undo then works until this page closes).`,
              download: {
                label: 'Download your script',
                name: `${shared.template}.lua`,
                text: cur.source,
              },
              action: { label: 'Open the shared script anyway', run: () => void open(true) },
            });
            return false;
          }
          es.setTraffic(shared.traffic);
          es.setMode(shared.mode);
          es.setLatencyMs(shared.latencyMs);
          editorStore.getState().setNotice({
            kind: 'info',
            text: !differs
              ? 'Opened the shared script: it is the same as yours.'
              : force
                ? 'Opened the shared script. Undo brings yours back until this page closes (it could not be stored).'
                : 'Opened the shared script. Your own script for this template is kept: Undo brings it back.',
          });
          if (force) void runEditor();
          return true;
        };
        open(false);
      } catch (e) {
        es.setNotice({
          kind: 'error',
          text: `The link could not be opened: ${errorMessage(e)}. Your script is unchanged.`,
        });
      }
      // Keep the link out of the address bar, so a reload does not open it again over edits.
      history.replaceState(history.state, '', `${location.pathname}${location.search}#/editor`);
    } else if (t && templateById(t)) {
      es.selectTemplate(t as TemplateId);
    }
    void runEditor();
  }, [s, t]);
}
