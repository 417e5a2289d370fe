// Without next-auth/react, whose weight on every page is not worth two requests (docs/benchmarks.md).
import { SIGN_IN_ERRORS } from "@/lib/platform/auth/sign-in-errors";

async function csrfToken(): Promise<string> {
  const res = await fetch("/api/auth/csrf", { cache: "no-store" });
  const body = (await res.json()) as { csrfToken?: string };
  if (!body.csrfToken) throw new Error("no CSRF token");
  return body.csrfToken;
}

async function post(path: string, fields: Record<string, string>) {
  return fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...fields, csrfToken: await csrfToken(), json: "true" }),
  });
}

function browserHints(): Record<string, string> {
  const languages = (navigator.languages?.length ? navigator.languages : [navigator.language])
    .filter(Boolean)
    .join(",");
  let timeZone = "";
  try {
    timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone ?? "";
  } catch {
    // An old browser without zones: the merchant's default applies.
  }
  return { ...(languages ? { languages } : {}), ...(timeZone ? { timeZone } : {}) };
}

/** Null when signed in; otherwise next-auth's error code (see SIGN_IN_ERRORS). */
export async function signInWithCredentials(email: string, password: string, code?: string): Promise<string | null> {
  const res = await post("/api/auth/callback/credentials", {
    email,
    password,
    ...(code ? { code } : {}),
    ...browserHints(),
    callbackUrl: window.location.href,
  });
  const { url } = (await res.json().catch(() => ({}))) as { url?: string };
  if (!url) return SIGN_IN_ERRORS.invalid;
  const error = new URL(url, window.location.origin).searchParams.get("error");
  return res.ok && !error ? null : (error ?? SIGN_IN_ERRORS.invalid);
}

/** The company sign-in's last step (the ticket is an HttpOnly cookie): null when signed in, else the error code. */
export async function signInWithSso(code?: string): Promise<string | null> {
  const res = await post("/api/auth/callback/sso", {
    ...(code ? { code } : {}),
    ...browserHints(),
    callbackUrl: window.location.href,
  });
  const { url } = (await res.json().catch(() => ({}))) as { url?: string };
  if (!url) return SIGN_IN_ERRORS.ssoExpired;
  const error = new URL(url, window.location.origin).searchParams.get("error");
  return res.ok && !error ? null : (error ?? SIGN_IN_ERRORS.ssoExpired);
}

export async function signOut(): Promise<void> {
  await post("/api/auth/signout", { callbackUrl: "/login" });
}
