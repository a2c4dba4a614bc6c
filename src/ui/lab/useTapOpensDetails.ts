// On a phone the lab's panels are tabs below the scene. A request tapped in a lane (a dot or a
// decision in the strip) opens its details there, as the desktop's side panel shows them at
// once: the Request tab is chosen and scrolled into view. Programmatic selections (a link's
// moment, a narrated step) do not move the page: only a click inside the lanes does.
import { useMemo, useRef } from 'react';
import type { LabStore } from '../../store/labStore';

export function useTapOpensDetails(
  store: LabStore,
  showRequestTab: () => void,
): { onClickCapture: () => void; onClick: () => void } {
  const before = useRef<number | null>(null);
  return useMemo(
    () => ({
      onClickCapture: () => {
        before.current = store.getState().selected;
      },
      onClick: () => {
        const s = store.getState();
        if (s.selected === null || s.selected === before.current) return;
        const tabs = document.querySelector<HTMLElement>('.lab-tabs');
        if (!tabs || tabs.offsetParent === null) return; // the desktop layout: no tabs
        showRequestTab();
        requestAnimationFrame(() =>
          document.getElementById('panel-request')?.scrollIntoView({ block: 'start' }),
        );
      },
    }),
    [store, showRequestTab],
  );
}
