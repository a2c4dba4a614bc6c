// React glue: one session store per window and role, and a clock that ticks once a second.
import { useEffect, useState, useSyncExternalStore } from 'react';
import {
  createInterviewSync,
  type InterviewState,
  type InterviewSync,
  type Role,
} from './interviewSync';

const stores = new Map<Role, InterviewSync>();

export function interviewSync(role: Role): InterviewSync {
  let s = stores.get(role);
  if (!s) {
    s = createInterviewSync(role);
    stores.set(role, s);
  }
  return s;
}

export function useInterview(role: Role): [InterviewState, InterviewSync] {
  const sync = interviewSync(role);
  const state = useSyncExternalStore(sync.subscribe, sync.getState, sync.getState);
  return [state, sync];
}

/** Wall-clock ms, updated every `everyMs` while `running`. */
export function useNow(running: boolean, everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [running, everyMs]);
  return now;
}
