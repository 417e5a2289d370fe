import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

// What code running for one request knows of it (id, then user); no server-only: the intake's logger reads it.
export type RequestContext = { requestId: string; userId?: string };

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `fn` (and everything it awaits) inside `context`. */
export const runInRequest = <T>(context: RequestContext, fn: () => T): T => storage.run(context, fn);

export const currentRequest = (): RequestContext | undefined => storage.getStore();

export const currentRequestId = (): string | undefined => storage.getStore()?.requestId;

export const REQUEST_ID_HEADER = "X-Request-Id";

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The caller's X-Request-Id when it is safe to keep, otherwise a new UUID. */
export function requestIdFrom(headers: Headers): string {
  const given = headers.get(REQUEST_ID_HEADER);
  return given && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}
