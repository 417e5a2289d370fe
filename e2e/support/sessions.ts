import { randomUUID } from "node:crypto";
import type { BrowserContext, Page } from "@playwright/test";
import { encode } from "next-auth/jwt";
import { sql } from "./users";

// A signed-in browser without the sign-in page: the server-side session row the console opens
// at every sign-in (lib/sign-in/open-session.ts) and the session cookie naming it, as
// next-auth writes it. For specs that are not about signing in; e2e/sign-in.spec.ts,
// e2e/account.spec.ts and the two-step specs go through the page.

export type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

const SESSION_SECONDS = 12 * 3600;

/** A session of the user with this email, opened now, as a Playwright storage state for `baseURL`. */
export async function sessionState(email: string, baseURL: string): Promise<StorageState> {
  const [user] = await sql<{ id: string; name: string; email: string }>(
    "SELECT id::text, name, email FROM users WHERE email = $1",
    [email.toLowerCase()],
  );
  if (!user) throw new Error(`no user ${email} to open a session for`);
  const sid = randomUUID();
  await sql(
    "INSERT INTO sessions (id, user_id, expires_at, user_agent) VALUES ($1, $2, now() + make_interval(secs => $3), 'e2e')",
    [sid, user.id, SESSION_SECONDS],
  );
  const secret = process.env.NEXTAUTH_SECRET;
  if (!secret) throw new Error("NEXTAUTH_SECRET is not set for the end-to-end tests (run them through `npm test`).");
  const value = await encode({
    token: { sub: user.id, sid, email: user.email, name: user.name },
    secret,
    maxAge: SESSION_SECONDS,
  });
  const { hostname } = new URL(baseURL);
  return {
    cookies: [
      {
        name: "next-auth.session-token",
        value,
        domain: hostname,
        path: "/",
        expires: Math.floor(Date.now() / 1000) + SESSION_SECONDS,
        httpOnly: true,
        secure: false,
        sameSite: "Lax",
      },
    ],
    origins: [],
  };
}

/**
 * Signs this page's browser in as the user, without the sign-in page: a session of their own,
 * its cookie added to the page's context. Where the page flow is not what a spec is about.
 */
export async function openSession(page: Page, email: string, baseURL = process.env.NEXTAUTH_URL) {
  if (!baseURL) throw new Error("no base URL to open a session for (NEXTAUTH_URL)");
  await page.context().addCookies((await sessionState(email, baseURL)).cookies);
}
