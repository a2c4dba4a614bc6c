// Share links carry a whole scenario (and optionally a script) in the URL, compressed so a
// link stays short enough to paste: `#/lab?scenario=<compressed JSON>`.
import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from 'lz-string';

export function encodeShare(value: unknown): string {
  return compressToEncodedURIComponent(JSON.stringify(value));
}

/** Decodes a share parameter; throws an Error that says what is wrong with the link. */
export function decodeShare(param: string): unknown {
  const json = decompressFromEncodedURIComponent(param);
  if (!json) throw new Error('the shared link is damaged: its scenario could not be decompressed');
  try {
    return JSON.parse(json);
  } catch {
    throw new Error('the shared link is damaged: its scenario is not valid JSON');
  }
}
