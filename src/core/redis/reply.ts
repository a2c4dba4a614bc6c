// RESP2 replies as the lab's Redis model produces them. Integers are bigint because Redis
// integers are signed 64-bit and JS numbers lose precision past 2^53.
export type Reply =
  | { readonly t: 'int'; readonly v: bigint }
  | { readonly t: 'bulk'; readonly v: string }
  | { readonly t: 'nil' } // nil bulk string
  | { readonly t: 'nilarr' } // nil array (e.g. EXEC after a failed WATCH)
  | { readonly t: 'arr'; readonly v: readonly Reply[] }
  | { readonly t: 'status'; readonly v: string }
  | { readonly t: 'err'; readonly v: string };

export const NIL: Reply = { t: 'nil' };
export const NIL_ARRAY: Reply = { t: 'nilarr' };
export const OK: Reply = { t: 'status', v: 'OK' };
export const int = (v: bigint | number): Reply => ({
  t: 'int',
  v: typeof v === 'bigint' ? v : BigInt(v),
});
export const bulk = (v: string): Reply => ({ t: 'bulk', v });
export const arr = (v: readonly Reply[]): Reply => ({ t: 'arr', v });
export const status = (v: string): Reply => ({ t: 'status', v });
export const err = (v: string): Reply => ({ t: 'err', v });

/** The headless contract's JSON encoding of a reply (docs/spec/headless.md, `redis` verb). */
export type JsonReply = number | string | null | JsonReply[] | { ok: string } | { err: string };

export function toJson(r: Reply): JsonReply {
  switch (r.t) {
    case 'int':
      // Outside the safe range JSON still gets a number literal, printed exactly.
      return Number(r.v);
    case 'bulk':
      return r.v;
    case 'nil':
    case 'nilarr':
      return null;
    case 'arr':
      return r.v.map(toJson);
    case 'status':
      return { ok: r.v };
    case 'err':
      return { err: r.v };
  }
}

/**
 * The same encoding as toJson, as JSON text, with integers printed exactly even outside
 * JavaScript's safe range (Redis integers are signed 64-bit).
 */
export function toJsonText(r: Reply): string {
  switch (r.t) {
    case 'int':
      return r.v.toString();
    case 'bulk':
      return JSON.stringify(r.v);
    case 'nil':
    case 'nilarr':
      return 'null';
    case 'arr': {
      let s = '[';
      for (let i = 0; i < r.v.length; i++) s += (i ? ',' : '') + toJsonText(r.v[i]!);
      return s + ']';
    }
    case 'status':
      return `{"ok":${JSON.stringify(r.v)}}`;
    case 'err':
      return `{"err":${JSON.stringify(r.v)}}`;
  }
}
