// The caption's production lines load apart from the lab's first view (they read the report
// and signals code). Once loaded, the module is kept (lazyModule) so that a later visit draws
// them in its first render, with no empty frame that would shift the page under a restored scroll.
import { lazyModule } from '../../shell/lazyModule';

const caption = lazyModule(() => import('./Caption'));

export const loadCaption = caption.load;

/** The module, when it has loaded (null before). */
export const loadedCaption = caption.loaded;
