// The caption's production lines load apart from the lab's first view (they read the report
// and signals code). Once loaded, the module is kept here so that a later visit draws them in
// its first render, with no empty frame that would shift the page under a restored scroll.
type CaptionModule = typeof import('./Caption');

let loaded: CaptionModule | null = null;

export const loadCaption = (): Promise<CaptionModule> =>
  import('./Caption').then((m) => (loaded = m));

/** The module, when it has loaded (null before). */
export const loadedCaption = (): CaptionModule | null => loaded;
