import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/platform/db";
import { authOptions } from "@/lib/sign-in/options";
import { actorFor } from "@/lib/platform/auth/actor";
import { confirmEnrolment, startEnrolment } from "@/lib/platform/auth/mfa";
import { totpCode } from "@/lib/platform/auth/totp";
import { SSO_TICKET_COOKIE } from "@/lib/platform/auth/sso-ticket";
import { SECRET_NAMES, writeSecret } from "@/lib/platform/secrets/store";
import { createUser } from "@/lib/users/service";
import { staffOf } from "@/test/staff";
import { CONSOLE_CLIENT, startOidcProvider, type Login } from "@/test/oidc-harness";
import { forgetProvider, jwksFetches } from "./discovery";
import { startSignIn } from "./start";
import { finishSignIn, type CallbackInput } from "./callback";

// Single sign-on against a real OpenID Provider on loopback (oidc-provider), from the console's
// redirect to the provider, through its login, back to the callback and into a session.

const REDIRECT = "http://127.0.0.1:9/api/sso/callback";
const run = randomUUID().slice(0, 6);
const mail = (who: string) => `${who}-${run}@example.com`;
const ACCOUNTS = {
  fin: { email: mail("fin"), email_verified: true, name: "Fin Ance", groups: ["acme-finance"] },
  newbie: { email: mail("newbie"), email_verified: true, name: "New Person", groups: ["staff", "acme-ops"] },
  contractor: { email: mail("contractor"), email_verified: true, groups: ["contractors"] },
  unverified: { email: mail("unverified"), email_verified: false, groups: ["acme-ops"] },
};
const op = await startOidcProvider(REDIRECT, ACCOUNTS);

type Authorize = (c: Record<string, string>, req: { headers: Record<string, string> }) => Promise<unknown>;
const authorizeOf = (i: number) =>
  (authOptions.providers[i] as unknown as { options: { authorize: Authorize } }).options.authorize;
const headers = { "x-console-client-ip": "203.0.113.9", "user-agent": "vitest" };
const redeem = (ticket: string, code?: string) =>
  authorizeOf(1)(code ? { code } : {}, { headers: { ...headers, cookie: `${SSO_TICKET_COOKIE}=${ticket}` } }).then(
    (user) => (user ? "ok" : "refused"),
    (e: Error) => e.message,
  );
const password = (email: string, pw: string) =>
  authorizeOf(0)({ email, password: pw }, { headers }).then(
    (user) => (user ? "ok" : "refused"),
    (e: Error) => e.message,
  );

async function begin(callbackUrl = "/") {
  const started = await startSignIn({ callbackUrl, redirectUri: REDIRECT });
  if (!started.ok) throw new Error(`not started: ${started.reason}`);
  return started;
}
/** The whole browser round: the console's redirect, the provider's login, the callback. */
async function signIn(login: Login, extra: Partial<CallbackInput> & { callbackUrl?: string } = {}) {
  const started = await begin(extra.callbackUrl);
  const back = await op.authorize(started.url, login);
  const input = { query: back.searchParams, stateCookie: started.state, redirectUri: REDIRECT, ...extra };
  return { started, back, input, finished: await finishSignIn(input) };
}

let finSecret = "";
const ADMIN_PASSWORD = "admin-password-long-enough";
const admin = mail("admin");

beforeAll(async () => {
  const fin = await createUser({ email: mail("fin"), name: "Fin", role: "finance", password: ADMIN_PASSWORD }, null);
  ({ secret: finSecret } = await startEnrolment(actorFor(staffOf(fin))));
  await confirmEnrolment({ code: totpCode(finSecret, Date.now() - 30_000) }, actorFor(staffOf(fin)));
  await createUser({ email: admin, name: "Admin", role: "admin", password: ADMIN_PASSWORD }, null);
});
beforeEach(async () => {
  forgetProvider();
  op.state.substitute = null;
  const row = {
    issuer: op.issuer,
    clientId: CONSOLE_CLIENT.id,
    mode: "optional",
    label: "Acme SSO",
    mappings: [
      { group: "acme-finance", role: "finance" },
      { group: "acme-ops", role: "ops" },
    ],
    mfaAcr: ["urn:acme:loa:mfa"],
    breakGlass: [admin],
  };
  await db.ssoConfig.upsert({ where: { id: 1 }, create: row, update: row });
  await writeSecret(SECRET_NAMES.ssoClientSecret, CONSOLE_CLIENT.secret);
});
afterAll(async () => {
  await db.ssoConfig.deleteMany();
  await op.stop().catch(() => undefined);
});

const refusedWith = (finished: Awaited<ReturnType<typeof finishSignIn>>) => (finished.ok ? "signed in" : finished.why);

describe("single sign-on with a real OpenID Provider", () => {
  it("signs a new person in with the mapped role, created at the first sign-in, and back to a same-origin page only", async () => {
    const { finished } = await signIn({ account: "newbie" }, { callbackUrl: "/transactions?status=failed" });
    expect(finished).toMatchObject({ ok: true, needsCode: false, callbackUrl: "/transactions?status=failed" });
    const user = await db.user.findUniqueOrThrow({ where: { email: mail("newbie") } });
    expect(user.role).toBe("ops");
    expect(await redeem((finished as { ticket: string }).ticket)).toBe("ok");
    expect(await db.session.count({ where: { userId: user.id } })).toBe(1);
    // A ticket opens one session.
    expect(await redeem((finished as { ticket: string }).ticket)).toBe("SsoExpired");
    // Open redirect after the callback: another origin (or a scheme-relative path) comes back as "/".
    for (const evil of ["https://evil.example/steal", "//evil.example/x", "/\\evil.example"]) {
      const other = await signIn({ account: "newbie" }, { callbackUrl: evil });
      expect(other.finished).toMatchObject({ ok: true, callbackUrl: "/" });
    }
  });

  it("verifies with the provider's keys, cached, and fetched again when the provider rotates them", async () => {
    await signIn({ account: "newbie" });
    const jwks = [...jwksFetches.keys()].find((k) => k.startsWith(op.issuer))!;
    const before = jwksFetches.get(jwks)!;
    expect((await signIn({ account: "newbie" })).finished.ok).toBe(true);
    expect(jwksFetches.get(jwks)).toBe(before); // cached
    await op.rotate();
    const rotated = await signIn({ account: "newbie" }, { jwksCooldownMs: 0 });
    expect(refusedWith(rotated.finished)).toBe("signed in");
    expect(jwksFetches.get(jwks)).toBe(before + 1); // the unknown kid fetched the set again, once
  });

  it("refuses an ID token issued to another client (token substitution: wrong audience)", async () => {
    const started = await begin();
    const nonce = new URL(started.url).searchParams.get("nonce")!;
    op.state.substitute = await op.otherClientIdToken({ account: "newbie" }, nonce);
    const back = await op.authorize(started.url, { account: "newbie" });
    const finished = await finishSignIn({
      query: back.searchParams,
      stateCookie: started.state,
      redirectUri: REDIRECT,
    });
    expect(refusedWith(finished)).toBe("ID token: audience");
    expect(finished).toMatchObject({ ok: false, reason: "failed" });
  });

  it("refuses an expired ID token", async () => {
    const { finished } = await signIn({ account: "newbie" }, { at: new Date(Date.now() + 2 * 3_600_000) });
    expect(refusedWith(finished)).toBe("ID token: expired");
  });

  it("refuses a replayed state before asking the provider for tokens again", async () => {
    const { input, finished } = await signIn({ account: "newbie" });
    expect(finished.ok).toBe(true);
    const asked = op.state.tokenRequests;
    expect(refusedWith(await finishSignIn(input))).toBe("state unknown, expired or used already");
    expect(op.state.tokenRequests).toBe(asked);
  });

  it("refuses a callback in a browser that did not start the sign-in (login CSRF)", async () => {
    const started = await begin();
    const back = await op.authorize(started.url, { account: "newbie" });
    const other = await begin(); // the victim's own state cookie
    const finished = await finishSignIn({ query: back.searchParams, stateCookie: other.state, redirectUri: REDIRECT });
    expect(refusedWith(finished)).toBe("state does not match this browser's");
  });

  it("refuses an ID token whose nonce is not the one this sign-in sent", async () => {
    const started = await begin();
    const url = new URL(started.url);
    url.searchParams.set("nonce", "an-attackers-nonce-0123456789");
    const back = await op.authorize(url.toString(), { account: "newbie" });
    const finished = await finishSignIn({
      query: back.searchParams,
      stateCookie: started.state,
      redirectUri: REDIRECT,
    });
    expect(refusedWith(finished)).toBe("ID token: nonce");
  });

  it("refuses an answer naming another issuer (mix-up, RFC 9207) before any token request", async () => {
    const started = await begin();
    const back = await op.authorize(started.url, { account: "newbie" });
    expect(back.searchParams.get("iss")).toBe(op.issuer);
    back.searchParams.set("iss", "https://attacker.example");
    const asked = op.state.tokenRequests;
    const finished = await finishSignIn({
      query: back.searchParams,
      stateCookie: started.state,
      redirectUri: REDIRECT,
    });
    expect(refusedWith(finished)).toBe("response from another issuer");
    expect(op.state.tokenRequests).toBe(asked);
  });

  it("gives no access, no account and no ticket to a group nobody mapped, nor to an unverified e-mail", async () => {
    const tickets = await db.ssoTicket.count();
    const { finished } = await signIn({ account: "contractor" });
    expect(finished).toMatchObject({ ok: false, reason: "unmapped" });
    expect(await db.user.count({ where: { email: mail("contractor") } })).toBe(0);
    expect((await signIn({ account: "unverified" })).finished).toMatchObject({ ok: false, reason: "unverified_email" });
    expect(await db.ssoTicket.count()).toBe(tickets);
    const denied = await db.auditLog.findFirst({
      where: { action: "auth.sso", reason: "unmapped" },
      orderBy: { id: "desc" },
    });
    expect(denied?.result).toBe("denied");
  });

  it("asks a finance user for the console's code unless the token says a second factor was used", async () => {
    const plain = await signIn({ account: "fin", amr: ["pwd"] });
    expect(plain.finished).toMatchObject({ ok: true, needsCode: true });
    const ticket = (plain.finished as { ticket: string }).ticket;
    expect(await redeem(ticket)).toBe("MfaRequired");
    expect(await redeem(ticket, "000000")).toBe("MfaInvalid");
    expect(await redeem(ticket, totpCode(finSecret))).toBe("ok");

    const amr = await signIn({ account: "fin", amr: ["pwd", "mfa"] });
    expect(amr.finished).toMatchObject({ ok: true, needsCode: false });
    expect(await redeem((amr.finished as { ticket: string }).ticket)).toBe("ok");
    const acr = await signIn({ account: "fin", amr: ["pwd"], acr: "urn:acme:loa:mfa" });
    expect(acr.finished).toMatchObject({ ok: true, needsCode: false });
  });

  it("with the provider down: a clear refusal, and while SSO is required only break-glass admins use a password", async () => {
    await db.ssoConfig.update({ where: { id: 1 }, data: { mode: "required" } });
    expect(await password(mail("fin"), ADMIN_PASSWORD)).toBe("SsoRequired");
    await op.stop();
    expect(await startSignIn({ callbackUrl: "/", redirectUri: REDIRECT })).toEqual({
      ok: false,
      reason: "unavailable",
    });
    expect(await password(admin, ADMIN_PASSWORD)).toBe("ok");
  });
});
