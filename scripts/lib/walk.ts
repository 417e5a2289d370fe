import { createHash, randomUUID } from "node:crypto";
import type { Role } from "../../lib/platform/auth/permissions";
import { newTotpSecret, totpCode } from "../../lib/platform/auth/totp";
import { keyringOrThrow } from "./secrets";
import { insertUser, withPg } from "./users";

/**
 * A few people using a running console over HTTP, as its pages do: signed in through
 * next-auth's credentials endpoint, then the console's own API. Used by the local-mode
 * e2e spec (several people at once on `npm start`) and `npm run bench:memory`.
 */

/**
 * Signs in through next-auth's credentials endpoint and returns the session cookie header;
 * the second factor is a code of `totpSecret`'s, or `code` (a recovery code) as given.
 */
export async function signInCookie(
  consoleUrl: string,
  email: string,
  password: string,
  totpSecret?: string,
  code?: string,
): Promise<string> {
  const factor = totpSecret ? totpCode(totpSecret) : code;
  const csrf = await fetch(`${consoleUrl}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const jar = csrf.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const res = await fetch(`${consoleUrl}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: jar, Origin: consoleUrl },
    body: new URLSearchParams({
      csrfToken,
      email,
      password,
      json: "true",
      ...(factor ? { code: factor } : {}),
    }).toString(),
  });
  const session = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c?.includes("session-token"));
  if (!session) throw new Error(`sign-in of ${email} failed (HTTP ${res.status})`);
  return session;
}

export type Session = { base: string; cookie: string; email: string };
export type Person = { email: string; sessions: Session[]; totpSecret: string };

/** A recovery code's stored hash, normalised as lib/platform/auth/mfa.ts does it. */
export const recoveryHash = (code: string) =>
  createHash("sha256")
    .update(code.toLowerCase().replace(/[^a-z0-9]/g, ""))
    .digest("hex");

/**
 * A person of `role` added to the console's database (`dbUrl`, sealing with `secretsKey`), with
 * `sessions` sessions signed in at `base`. Each gets a second factor enrolled (whichever roles
 * the merchant's two-step rule covers), and each session signs in with its own recovery code (a
 * time-based code is single-use per 30 s step).
 */
export async function addPerson(
  o: { dbUrl: string; base: string; secretsKey: string },
  role: Role,
  sessions: number,
  name: string = role,
): Promise<Person> {
  const email = `${name}-${Date.now().toString(36)}@local.example.com`;
  const password = "local-mode-password-1";
  const totpSecret = newTotpSecret();
  const codes = Array.from({ length: sessions }, (_, i) => `local${i}-${Math.random().toString(36).slice(2, 7)}`);
  await withPg(o.dbUrl, async (client) => {
    const id = await insertUser(
      client,
      { email, name, role, password },
      { secret: totpSecret, ring: keyringOrThrow({ SECRETS_KEY: o.secretsKey }) },
    );
    for (const code of codes)
      await client.query("INSERT INTO recovery_codes (user_id, code_hash) VALUES ($1, $2)", [id, recoveryHash(code)]);
  });
  const cookies: string[] = [];
  for (const code of codes) cookies.push(await signInCookie(o.base, email, password, undefined, code));
  return { email, totpSecret, sessions: cookies.map((cookie) => ({ base: o.base, cookie, email })) };
}

/** One call of the console's API as this session, with the Origin its pages send. */
export function call(
  s: Session,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${s.base}${path}`, {
    method,
    redirect: "manual",
    headers: {
      Cookie: s.cookie,
      Origin: s.base,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
}

const TEST_CARD = { pan: "4111111111111111", expiry: "12/30", cvv: "123", firstName: "Wanda", lastName: "Walker" };

/** A card charge from the virtual terminal; answers the created charge's ledger id. */
export async function charge(s: Session, amount: number, autoCapture = true): Promise<{ status: number; id?: string }> {
  const res = await call(
    s,
    "POST",
    "/api/charges",
    {
      amount,
      currency: "USD",
      method: "card",
      autoCapture,
      card: TEST_CARD,
      reference: `walk-${randomUUID().slice(0, 12)}`,
    },
    { "Idempotency-Key": randomUUID() },
  );
  const body = (await res.json().catch(() => ({}))) as { id?: string };
  return { status: res.status, id: body.id };
}

/** A refund of part of a captured charge, under a new idempotency key unless one is given. */
export function refund(s: Session, id: string, amount: number, key: string = randomUUID()): Promise<Response> {
  return call(
    s,
    "POST",
    `/api/transactions/${id}/refunds`,
    { amount, reason: "consumer_requested" },
    { "Idempotency-Key": key },
  );
}

export type WalkTally = {
  polls: number;
  /** Answers of GET /api/me that named someone other than the session's person. */
  wrongUser: number;
  /** Answers that were neither what the call asks for nor a refusal the call can meet (409, 422). */
  unexpected: { path: string; status: number }[];
  charges: number;
  refunds: number;
};

/**
 * For `seconds`: every polling session asks GET /api/me over and over (as the pages' header
 * does), while every working session charges a card and refunds part of it. Counts what a
 * person would notice: an answer about someone else, a sign-out that was not asked for, a 5xx.
 */
export async function walk(
  pollers: Session[],
  workers: Session[],
  seconds: number,
  tally: WalkTally = { polls: 0, wrongUser: 0, unexpected: [], charges: 0, refunds: 0 },
): Promise<WalkTally> {
  const until = Date.now() + seconds * 1000;
  const poll = async (s: Session) => {
    while (Date.now() < until) {
      const res = await call(s, "GET", "/api/me").catch(() => null);
      tally.polls++;
      if (res?.status !== 200) {
        tally.unexpected.push({ path: "/api/me", status: res?.status ?? 0 });
        continue;
      }
      const me = (await res.json()) as { user?: { email?: string }; email?: string };
      if ((me.user?.email ?? me.email) !== s.email) tally.wrongUser++;
    }
  };
  const work = async (s: Session) => {
    while (Date.now() < until) {
      const c = await charge(s, 1000 + Math.floor(Math.random() * 9000)).catch(() => ({ status: 0, id: undefined }));
      if (c.status !== 201 || !c.id) {
        tally.unexpected.push({ path: "/api/charges", status: c.status });
        continue;
      }
      tally.charges++;
      const r = await refund(s, c.id, 500).catch(() => null);
      if (r?.status !== 201) tally.unexpected.push({ path: "/api/transactions/{id}/refunds", status: r?.status ?? 0 });
      else tally.refunds++;
    }
  };
  await Promise.all([...pollers.map(poll), ...workers.map(work)]);
  return tally;
}
