// One real trial of a race: every request is an app server with its own connection to the
// real Redis, all running at once, each round trip a real command. Optional: a delay after
// every round trip (it widens the race window), lockstep rounds (every live request finishes
// round trip r before any starts r + 1: the interleaving that breaks a check-then-act every
// time, whatever the machine's speed), and a crash: the app server's connection dropped after
// a given round trip.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Behaviour, BNode } from '../../core/races/behaviour';
import type { RequestEnd } from '../../core/races/types';
import { endOf } from '../../core/races/world';
import type { Reply } from '../../core/redis/reply';
import { sha1Hex } from '../../core/redis/sha1';
import { commandKeys, isWriteCommand } from '../../core/redis/table';
import { TypedConnection } from './connection';
import { refusal } from './safety';
import type { NodeAddress } from './target';

export interface TrialPlan {
  delayMs: number;
  lockstep: boolean;
  /** Request i crashes after this many of its round trips (undefined: it does not). */
  crashAfter: (number | undefined)[];
  maxRoundTrips: number;
}

export class RefusedCommand extends Error {}

/** Lockstep rounds: wait until every live request has arrived, then all go on. */
class Rounds {
  private waiting: (() => void)[] = [];
  constructor(private live: number) {}
  arrive(): Promise<void> {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.release();
    });
  }
  leave(): void {
    this.live--;
    this.release();
  }
  private release(): void {
    if (this.live > 0 && this.waiting.length < this.live) return;
    const go = this.waiting;
    this.waiting = [];
    go.forEach((f) => f());
  }
}

export interface TrialOutcome {
  ends: RequestEnd[];
  /** Request i sent a write that succeeded (a charge), expiry changes aside. */
  charged: boolean[];
  /** Every key the trial's commands named. */
  keys: Set<string>;
}

const EXPIRY = /^(p?expire(at)?|persist)$/i;

/**
 * Check a command before it is sent: never-sent commands, keys outside the prefix, and EVALSHA
 * of a script the program has not sent itself (`scripts`: SHA-1s of its EVAL and SCRIPT LOAD
 * texts so far; the server may hold another client's script by that SHA).
 */
export function checkSend(cmd: readonly string[], prefix: string, scripts: Set<string>): void {
  const why = refusal(cmd);
  if (why) throw new RefusedCommand(why);
  const name = cmd[0]!.toLowerCase();
  if ((name === 'eval' || name === 'eval_ro') && cmd[1] !== undefined) scripts.add(sha1Hex(cmd[1]));
  if (name === 'script' && cmd[1]?.toLowerCase() === 'load' && cmd[2] !== undefined)
    scripts.add(sha1Hex(cmd[2]));
  if ((name === 'evalsha' || name === 'evalsha_ro') && !scripts.has((cmd[1] ?? '').toLowerCase()))
    throw new RefusedCommand(
      `EVALSHA of a script the code did not send itself (the real server may hold another client's script by that SHA)`,
    );
  for (const k of commandKeys(cmd))
    if (!k.startsWith(prefix))
      throw new RefusedCommand(
        `the code sends the key "${k}", which is not one of its KEYS; on a real server the lab only touches keys it was given`,
      );
}

export async function runTrial(
  behaviours: readonly Behaviour[],
  address: NodeAddress,
  password: string | undefined,
  prefix: string,
  plan: TrialPlan,
  scripts: Set<string>,
): Promise<TrialOutcome> {
  const conns = await Promise.all(
    behaviours.map(() => TypedConnection.open(address, { password, commandTimeoutMs: 10_000 })),
  );
  const rounds = new Rounds(behaviours.length);
  const keys = new Set<string>();
  const charged = behaviours.map(() => false);
  const one = async (i: number): Promise<RequestEnd> => {
    const b = behaviours[i]!;
    const conn = conns[i]!;
    let node: BNode = b.root;
    try {
      for (;;) {
        if (node.step.kind === 'done') return endOf(node.step.reply);
        if (plan.crashAfter[i] === node.depth) {
          conn.drop();
          return { kind: 'crashed', afterRoundTrips: node.depth };
        }
        if (node.depth >= plan.maxRoundTrips)
          return { kind: 'starved', afterRoundTrips: node.depth };
        const cmd = node.step.command;
        checkSend(cmd, prefix, scripts);
        commandKeys(cmd).forEach((k) => keys.add(k));
        const reply: Reply = await conn.send(cmd);
        if (reply.t !== 'err' && isWriteCommand(cmd) && !EXPIRY.test(cmd[0]!)) charged[i] = true;
        node = b.child(node, reply);
        if (plan.lockstep) await rounds.arrive();
        if (plan.delayMs > 0) await sleep(plan.delayMs);
      }
    } finally {
      rounds.leave();
    }
  };
  try {
    const ends = await Promise.all(behaviours.map((_, i) => one(i)));
    return { ends, charged, keys };
  } finally {
    await Promise.all(conns.map((c) => c.close()));
  }
}
