// A module loaded on demand, and kept once it has loaded, so that a component can draw it in
// its first render (no empty frame, no shift under a restored scroll) when something loaded it
// earlier: the idle prefetch, another page, an earlier visit. React.lazy cannot: it asks its
// loader again and waits a tick even when the module is already there.

export interface LazyModule<M> {
  /** Starts loading (once; again after a failure) and resolves to the module. */
  load(): Promise<M>;
  /** The module, once it has loaded (null before). */
  loaded(): M | null;
}

export function lazyModule<M>(importer: () => Promise<M>): LazyModule<M> {
  let promise: Promise<M> | null = null;
  let mod: M | null = null;
  return {
    load: () =>
      (promise ??= importer().then(
        (m) => (mod = m),
        (e: unknown) => {
          promise = null; // a failed download may be tried again
          throw e;
        },
      )),
    loaded: () => mod,
  };
}
