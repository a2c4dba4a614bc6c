// Which content file is what, by its path (relative to the project root).

/** Lesson-like Markdown files: lessons/*.md except interview.md and UPPERCASE notes (README). */
export function isLessonFile(path: string): boolean {
  return /^lessons\/[a-z0-9][\w-]*\.md$/.test(path) && path !== 'lessons/interview.md';
}
export function isProblemFile(path: string): boolean {
  return /^lessons\/practice\/[a-z0-9][\w-]*\.md$/.test(path);
}
/** Scheduler puzzles: lessons/puzzles/*.md (#/races/<slug>). */
export function isPuzzleFile(path: string): boolean {
  return /^lessons\/puzzles\/[a-z0-9][\w-]*\.md$/.test(path);
}
export const slugOf = (path: string): string => path.replace(/^.*\//, '').replace(/\.md$/, '');
