// The co-edited code of an interview room: a Yjs document the server keeps (so a rejoining
// page gets the whole text) and the y-protocols awareness (who is where: cursors). Updates from
// a page are tried on a copy first, so a malformed or oversized one never reaches the room's
// document; only the shared text "code" may exist in it.
import * as Y from 'yjs';
import {
  Awareness,
  applyAwarenessUpdate,
  encodeAwarenessUpdate,
  removeAwarenessStates,
} from 'y-protocols/awareness';
import { fail } from './check';

export const CODE_FIELD = 'code';
export const Y_LIMITS = {
  updateBytes: 64 * 1024,
  awarenessBytes: 8 * 1024,
  codeChars: 20000,
  docBytes: 512 * 1024,
};

export class YRoom {
  readonly doc = new Y.Doc({ gc: true });
  readonly awareness = new Awareness(this.doc);
  /** Awareness client ids by the connection that sent them (removed when it leaves). */
  private owners = new Map<string, Set<number>>();

  /** How many stored updates (RoomStore.loadDoc) this document has applied. */
  applied = 0;

  constructor(stored: Uint8Array[]) {
    this.awareness.setLocalState(null);
    this.catchUp(stored);
  }

  /** Applies updates stored by other instances (the store's list from `applied` on). */
  catchUp(stored: Uint8Array[]): void {
    if (stored.length) Y.applyUpdate(this.doc, Y.mergeUpdates(stored), 'store');
    this.applied += stored.length;
  }

  text(): string {
    return this.doc.getText(CODE_FIELD).toString();
  }

  state(): Uint8Array {
    return Y.encodeStateAsUpdate(this.doc);
  }

  /** Checks `update` against a copy of the document, then applies it; throws naming what is wrong. */
  apply(update: Uint8Array): void {
    const probe = new Y.Doc();
    try {
      Y.applyUpdate(probe, this.state());
      Y.applyUpdate(probe, update);
    } catch (_) {
      fail('update', 'is not a Yjs update');
    }
    for (const name of probe.share.keys())
      if (name !== CODE_FIELD) fail('update', `may only change the shared text "${CODE_FIELD}"`);
    if (probe.store.pendingStructs !== null || probe.store.pendingDs !== null)
      fail('update', 'depends on changes the room has not seen (resync and retry)');
    const len = probe.getText(CODE_FIELD).length;
    if (len > Y_LIMITS.codeChars)
      fail('update', `makes the code too long (${len} characters, at most ${Y_LIMITS.codeChars})`);
    if (Y.encodeStateAsUpdate(probe).byteLength > Y_LIMITS.docBytes)
      fail('update', 'makes the document too large');
    probe.destroy();
    Y.applyUpdate(this.doc, update, 'remote');
  }

  /** Replaces the whole text; returns the update to send to every page. */
  replace(text: string): Uint8Array {
    if (text.length > Y_LIMITS.codeChars)
      fail('text', `too long (${text.length} characters, at most ${Y_LIMITS.codeChars})`);
    const before = Y.encodeStateVector(this.doc);
    const t = this.doc.getText(CODE_FIELD);
    this.doc.transact(() => {
      t.delete(0, t.length);
      t.insert(0, text);
    }, 'server');
    return Y.encodeStateAsUpdate(this.doc, before);
  }

  /** Applies a page's awareness update (its cursors); throws when it is not one. */
  applyAwareness(update: Uint8Array, conn: string): void {
    const mine = this.owners.get(conn) ?? new Set<number>();
    const seen = (changes: { added: number[]; updated: number[] }, origin: unknown) => {
      if (origin !== conn) return;
      for (const id of [...changes.added, ...changes.updated]) mine.add(id);
    };
    this.awareness.on('update', seen);
    try {
      applyAwarenessUpdate(this.awareness, update, conn);
    } catch (_) {
      fail('update', 'is not an awareness update');
    } finally {
      this.awareness.off('update', seen);
    }
    this.owners.set(conn, mine);
  }

  awarenessState(): Uint8Array | null {
    const ids = [...this.awareness.getStates().keys()];
    return ids.length ? encodeAwarenessUpdate(this.awareness, ids) : null;
  }

  /** Forgets a connection's cursors; returns the update that says so, or null. */
  leave(conn: string): Uint8Array | null {
    const ids = [...(this.owners.get(conn) ?? [])];
    this.owners.delete(conn);
    if (!ids.length) return null;
    removeAwarenessStates(this.awareness, ids, 'server');
    return encodeAwarenessUpdate(this.awareness, ids);
  }

  destroy(): void {
    this.awareness.destroy();
    this.doc.destroy();
  }
}
