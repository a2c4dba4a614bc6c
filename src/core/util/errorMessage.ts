// What went wrong, as text: anything can be thrown, and a message shown to a learner or sent
// between threads must be a string.

/** An Error's message, or anything else thrown as a string. */
export const errorMessage = (e: unknown): string => (e instanceof Error ? e.message : String(e));
