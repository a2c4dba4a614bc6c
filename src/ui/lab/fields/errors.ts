// Which of the engine's messages a control shows. A message names its field (`params.limit
// must be ...`): a field shows the messages for its path, a group the ones no field of it shows,
// and the controls' catch-all list the ones no group shows.
import type { Path } from '../../../store/scenarioEdits';

/** A field's path as the engine's messages write it: `store.outages[0].from`. */
export const pathText = (p: Path): string =>
  p.reduce<string>(
    (acc, k) => (typeof k === 'number' ? `${acc}[${k}]` : acc ? `${acc}.${k}` : k),
    '',
  );

/** The messages about the field at `path` (or inside it). */
export function errorsFor(errors: string[], path: string): string[] {
  return errors.filter(
    (e) =>
      e.startsWith(`${path} `) || e.startsWith(`${path}.`) || e.startsWith(`scenario.${path} `),
  );
}

/** The engine's messages for a group that no field of it shows (cross-field rules). */
export function leftoverErrors(errors: string[], prefixes: string[], fields: string[]): string[] {
  return errors.filter(
    (e) =>
      prefixes.some((p) => e.startsWith(p)) && !fields.some((f) => errorsFor([e], f).length > 0),
  );
}

/** Messages the production groups show, so the controls' catch-all list leaves them out. */
export const PRODUCTION_ERROR =
  /^(lease|shards|shardBudget|shardBy|timeSource|enforce|placement "|store\.(replica|failover|clockSteps|cluster)|servers)/;

/** The messages no field or group shows: the controls list them at the end. */
export function unplacedErrors(errors: string[]): string[] {
  return errors.filter(
    (e) =>
      !/^(params|store|traffic\[0\]|servers|fallback|policies\[1\])/.test(e) &&
      !PRODUCTION_ERROR.test(e),
  );
}
