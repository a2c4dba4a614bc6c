// A problem's numbers, from the URL: `?seed=N` draws a predict problem's numbers fresh (0 or
// none: the problem's own), and "New numbers" goes to a fresh seed. The text shows the drawn
// numbers in place of the placeholders.
import { useMemo } from 'react';
import type { Block } from '../../core/content/parseDoc';
import { fillPlaceholders } from '../../core/content/placeholders';
import { problemInstance, type Instance } from '../../core/grading/predict';
import type { ProblemContext } from '../../core/grading/types';
import type { Route } from '../../ui/shell/router';
import type { Doc } from '../library';

/** A fresh seed for an attempt (the engine's cases and a predict problem's numbers). */
export const freshSeed = (): number => crypto.getRandomValues(new Uint32Array(1))[0]! & 0x7fffffff;

/** The seed in the URL: a whole number from 0, else 0 (the problem's own numbers). */
export function seedOf(route: Route): number {
  const n = Number(route.query.get('seed') ?? '0');
  return Number.isInteger(n) && n >= 0 ? n : 0;
}

/** The address of the same problem with fresh numbers. */
export const freshNumbersHref = (slug: string): string => `#/practice/${slug}?seed=${freshSeed()}`;

export interface InstanceView {
  seed: number;
  /** The drawn numbers, or null for a problem without any. */
  instance: Instance | null;
  /** Text with the drawn numbers filled in. */
  fill: (t: string) => string;
  /** The problem's blocks with the drawn numbers filled in. */
  blocks: Block[];
}

export function useProblemInstance(
  p: Doc,
  graderId: string,
  context: ProblemContext,
  route: Route,
): InstanceView {
  const seed = seedOf(route);
  const instance = useMemo(
    () => problemInstance(graderId, context, seed),
    [graderId, context, seed],
  );
  return useMemo(() => {
    const vars = instance?.vars ?? {};
    const fill = (t: string) => (instance ? fillPlaceholders(t, vars) : t);
    const blocks = instance
      ? p.blocks.map((b) => (b.kind === 'markdown' ? { ...b, text: fill(b.text) } : b))
      : p.blocks;
    return { seed, instance, fill, blocks };
  }, [p, instance, seed]);
}
