/** The element index.html draws the build-time copy of the first view in (vitePluginFirstView.ts). */
export const FIRST_VIEW_ID = 'first-view';
