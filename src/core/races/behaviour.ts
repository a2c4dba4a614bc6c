// One request's behaviour as a tree of reply prefixes. App-server code is deterministic given
// the replies it is fed (PLAN I1), so what a request sends next depends only on the replies it
// has had so far. Each tree node remembers that next step; Lua runs once per distinct prefix.
// To reach a new branch the request is re-created and fed the prefix again (Lua state is never
// cloned), which works whichever Lua runtime is underneath.
import type { AppServerRun, AppServerStep } from '../lua/types';
import type { Reply } from '../redis/reply';
import { instrument, splitMarker, type Local } from './lines';

/** The part of the Lua runtime the explorer uses (PLAN I1). */
export interface AppServerEngine {
  startAppServerRun(code: string, keys: readonly string[], args: readonly string[]): AppServerRun;
}

/** Where a request stands; `locals`: its local variables there (the last ones seen, or none). */
export type NodeStep =
  | { kind: 'call'; command: string[]; line: number | null; locals: Local[] }
  | { kind: 'done'; reply: Reply; locals: Local[] };

export interface BNode {
  readonly step: NodeStep;
  /** Round trips made before this point. */
  readonly depth: number;
  readonly parent: BNode | null;
  /** The reply that led here from the parent. */
  readonly reply: Reply | null;
  readonly kids: Map<string, BNode>;
}

/** A reply as a map key: exact, with the types Lua tells apart. */
export function replyKey(r: Reply): string {
  switch (r.t) {
    case 'int':
      return `i${r.v}`;
    case 'bulk':
      return `b${r.v.length}:${r.v}`;
    case 'nil':
    case 'nilarr':
      return 'n';
    case 'status':
      return `s${r.v}`;
    case 'err':
      return `e${r.v}`;
    case 'arr':
      return `a${r.v.length}[${r.v.map(replyKey).join(',')}]`;
  }
}

const NO_ARGS: Reply = {
  t: 'err',
  v: 'ERR Please specify at least one argument for this redis lib call',
};

const HERE_REPLY: Reply = { t: 'nil' };

export class NondeterministicCode extends Error {}

export class Behaviour {
  readonly root: BNode;
  /** How many times Lua was started for this request (for the benchmark). */
  starts = 0;
  /** How many Lua slices ran (start or resume). */
  slices = 0;
  private live: { run: AppServerRun; node: BNode } | null = null;
  private readonly source: string;

  constructor(
    private readonly engine: AppServerEngine,
    code: string,
    private readonly keys: readonly string[],
    private readonly args: readonly string[],
  ) {
    this.source = instrument(code);
    const run = this.start();
    const root = this.node(this.advance(run, undefined), 0, null, null);
    this.root = root;
    this.keep(run, root);
  }

  /** Where the request is after `node`'s call was answered with `reply`. */
  child(node: BNode, reply: Reply): BNode {
    if (node.step.kind !== 'call') throw new Error('child() of a finished request');
    const key = replyKey(reply);
    const known = node.kids.get(key);
    if (known) return known;
    let run: AppServerRun;
    if (this.live && this.live.node === node) run = this.live.run;
    else {
      this.live?.run.cancel();
      this.live = null;
      run = this.replayTo(node);
    }
    const kid = this.node(this.advance(run, reply, node.step.locals), node.depth + 1, node, reply);
    node.kids.set(key, kid);
    this.keep(run, kid);
    return kid;
  }

  /** Frees the live Lua run, if any. */
  dispose(): void {
    this.live?.run.cancel();
    this.live = null;
  }

  private start(): AppServerRun {
    this.starts++;
    return this.engine.startAppServerRun(this.source, this.keys, this.args);
  }

  private keep(run: AppServerRun, node: BNode): void {
    this.live = node.step.kind === 'call' ? { run, node } : null;
  }

  /** Resumes the run; a call with no command is answered here, as redis.call would refuse it. */
  private advance(run: AppServerRun, reply: Reply | undefined, before: Local[] = []): NodeStep {
    let s: AppServerStep = this.slice(run, reply);
    let seen = before;
    for (;;) {
      if (s.kind === 'done') return { kind: 'done', reply: s.reply, locals: seen };
      const m = splitMarker(s.args);
      if (m.locals) seen = m.locals;
      if (m.here && m.command.length === 0) {
        // Only the locals before a `return`: answered here, no round trip.
        s = this.slice(run, HERE_REPLY);
        continue;
      }
      if (m.command.length > 0)
        return { kind: 'call', command: m.command, line: m.line, locals: seen };
      s = this.slice(run, NO_ARGS);
    }
  }

  private slice(run: AppServerRun, reply: Reply | undefined): AppServerStep {
    this.slices++;
    return reply === undefined ? run.next() : run.next(reply);
  }

  /** A fresh run fed the replies on the path to `node`, left waiting for `node`'s reply. */
  private replayTo(node: BNode): AppServerRun {
    const path: BNode[] = [];
    for (let n: BNode | null = node; n && n.parent; n = n.parent) path.push(n);
    path.reverse();
    const run = this.start();
    let s = this.advance(run, undefined);
    for (const n of path) {
      const expected = n.parent!.step;
      if (s.kind !== 'call' || expected.kind !== 'call' || !sameCall(s, expected)) {
        run.cancel();
        throw new NondeterministicCode(
          'the code did not send the same commands when it was run again with the same replies (does it read a clock or a random number?)',
        );
      }
      s = this.advance(run, n.reply!);
    }
    if (s.kind !== 'call' || node.step.kind !== 'call' || !sameCall(s, node.step)) {
      run.cancel();
      throw new NondeterministicCode(
        'the code did not send the same commands when it was run again with the same replies',
      );
    }
    return run;
  }

  private node(step: NodeStep, depth: number, parent: BNode | null, reply: Reply | null): BNode {
    return { step, depth, parent, reply, kids: new Map() };
  }
}

function sameCall(a: NodeStep, b: NodeStep): boolean {
  if (a.kind !== 'call' || b.kind !== 'call') return false;
  if (a.command.length !== b.command.length) return false;
  for (let i = 0; i < a.command.length; i++) if (a.command[i] !== b.command[i]) return false;
  return true;
}
