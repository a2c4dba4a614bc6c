/** The element index.html draws the build-time copy of the first view in (vitePluginFirstView.ts). */
export const FIRST_VIEW_ID = 'first-view';

/** The attribute naming the file a stylesheet written into index.html came from (vitePluginBoot.ts). */
export const STYLE_FILE_ATTR = 'data-file';
