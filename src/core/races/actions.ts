// A schedule's step as the action that replays it: a round trip, a crash or a pause.
import { PAUSE, type Action } from './types';

export function actionOf(s: { request: number; crash?: boolean; pause?: number }): Action {
  if (s.pause !== undefined) return { request: PAUSE, pause: s.pause };
  return s.crash ? { request: s.request, crash: true } : { request: s.request };
}
