import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

// What the code running for one API request knows about it, without passing it down every
// call: its id (sent to upstream services, written to audit rows and log lines) and, once the
// session is read, the user. route() opens it; work outside a request (jobs) has none.
// No "server-only": the logger that reads it is also for code outside Next's graph.
export type RequestContext = { requestId: string; userId?: string };

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `fn` (and everything it awaits) inside `context`. */
export const runInRequest = <T>(context: RequestContext, fn: () => T): T => storage.run(context, fn);

export const currentRequest = (): RequestContext | undefined => storage.getStore();

export const currentRequestId = (): string | undefined => storage.getStore()?.requestId;

export const REQUEST_ID_HEADER = "X-Request-Id";

// A caller's id is kept only when it cannot smuggle anything into a log line, a header or a
// query: short, and of characters that need no escaping anywhere.
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The caller's X-Request-Id when it is safe to keep, otherwise a new UUID. */
export function requestIdFrom(headers: Headers): string {
  const given = headers.get(REQUEST_ID_HEADER);
  return given && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}
