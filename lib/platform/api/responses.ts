// No answer is ever cached (they name people, money and secrets): every helper here says no-store.

const NO_STORE = "no-store";

/** Any body (text, a stream) that no cache keeps. */
export function noStore(body: BodyInit | null, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("Cache-Control", NO_STORE);
  return new Response(body, { ...init, headers });
}

/** JSON that no cache keeps: 200 unless told. */
export function json(body: unknown, status = 200, headers?: HeadersInit): Response {
  const all = new Headers(headers);
  all.set("Cache-Control", NO_STORE);
  return Response.json(body, { status, headers: all });
}

/** 201: the thing now exists. */
export const created = (body: unknown, headers?: HeadersInit) => json(body, 201, headers);

/** 202: taken, not finished (queued, waiting for a second person, or its outcome being checked). */
export const accepted = (body: unknown, headers?: HeadersInit) => json(body, 202, headers);

/** 202 for a change that now waits for a second admin (its view: lib/pending-changes/store.ts). */
export const pendingResponse = <Pending extends object>(pendingChange: Pending) => accepted({ pendingChange });

export type SetCookie = { name: string; value: string; path: string; maxAge: number; secure: boolean };
const cookieLine = (c: SetCookie) =>
  `${c.name}=${encodeURIComponent(c.value)}; Path=${c.path}; Max-Age=${c.maxAge}; HttpOnly; SameSite=Lax${c.secure ? "; Secure" : ""}`;

/** 303 to another address (the single sign-on legs), setting or clearing HttpOnly cookies on the way. */
export function seeOther(location: string, cookies: SetCookie[] = []): Response {
  const headers = new Headers({ Location: location, "Cache-Control": NO_STORE, "Referrer-Policy": "no-referrer" });
  for (const c of cookies) headers.append("Set-Cookie", cookieLine(c));
  return new Response(null, { status: 303, headers });
}
