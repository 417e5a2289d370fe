// `npm test` runs the suite as two stacks side by side (scripts/lib/e2e-stacks.ts): each its own
// database, sandbox, server and Playwright process, so no spec shares state with one running
// at the same time. What a spec needs to know of its own stack: where its results and saved
// sessions live. A run by hand (one stack) keeps the plain paths.

/** This stack's results: the server's log, the recorded responses, Playwright's report. */
export const RESULTS_DIR = process.env.E2E_RESULTS_DIR ?? "test-results";
/** This stack's signed-in sessions (one per role, saved by global setup). */
export const AUTH_DIR = process.env.E2E_AUTH_DIR ?? "e2e/.auth";
