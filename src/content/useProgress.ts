import { useStore } from 'zustand';
import { progressStore, type ProgressState } from '../store/progress';

/** A React view of the progress store. */
export function useProgress<T>(select: (s: ProgressState) => T): T {
  return useStore(progressStore(), select);
}
