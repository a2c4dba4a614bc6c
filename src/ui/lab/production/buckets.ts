/** A round bucket length (seconds) at least x: 0.1, 0.2, 0.5, 1, 2, 5, 10, ... */
export function niceBucket(x: number): number {
  for (const s of [0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 1800, 3600])
    if (s >= x) return s;
  return 3600 * Math.ceil(x / 3600);
}
