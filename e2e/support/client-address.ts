import { expect, type APIRequestContext } from "@playwright/test";
import { SIGN_IN_ERRORS } from "../../lib/platform/auth/sign-in-errors";
import { sql } from "./users";

// Signing in over the API and the sign-in throttle's rows for this machine's own address: what
// the client-address and CSV-export specs share.

export const REAL_ADDRESSES = ["127.0.0.1", "::1"];

/** next-auth's credentials sign-in, as the login form sends it; null when signed in, else the error. */
export async function apiSignIn(
  request: APIRequestContext,
  origin: string,
  email: string,
  password: string,
): Promise<string | null> {
  const { csrfToken } = await (await request.get("/api/auth/csrf")).json();
  const res = await request.post("/api/auth/callback/credentials", {
    headers: { Origin: origin },
    form: { email, password, csrfToken, json: "true", callbackUrl: "/" },
  });
  expect(res.status(), "sign-in answered").toBeLessThan(500);
  expect(res.status(), "Origin accepted").not.toBe(403);
  const { url } = (await res.json().catch(() => ({}))) as { url?: string };
  if (!url) return SIGN_IN_ERRORS.invalid;
  return new URL(url, "http://x").searchParams.get("error");
}

export const throttleRows = () =>
  sql<{ key: string; failures: number }>("SELECT key, failures FROM sign_in_throttle WHERE key LIKE 'ip:%'");
export const forgetOurAddress = () =>
  sql("DELETE FROM sign_in_throttle WHERE key = ANY($1)", [REAL_ADDRESSES.map((a) => `ip:${a}`)]);
