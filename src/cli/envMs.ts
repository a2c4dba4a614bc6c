// A time setting from the environment: a positive number of ms, else the default.
export function envMs(value: string | undefined, dflt: number): number {
  const n = Number(value);
  return value !== undefined && Number.isFinite(n) && n > 0 ? n : dflt;
}
