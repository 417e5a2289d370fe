import { beforeEach, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/platform/db";
import { authOptions } from "@/lib/sign-in/options";
import { confirmEnrolment, startEnrolment, stepUp } from "@/lib/platform/auth/mfa";
import { getCurrentUser, type CurrentUser } from "@/lib/platform/auth/session";
import { totpCode } from "@/lib/platform/auth/totp";
import { createUser } from "@/lib/users/service";
import { actorFor } from "@/lib/platform/auth/actor";
import { SIGN_IN_ERRORS } from "@/lib/platform/auth/sign-in-errors";
import { staffOf } from "@/test/staff";
import { sessionToken } from "@/test/route-session";

// Guesses are reserved before they are checked (lib/platform/auth/throttle.ts): twenty wrong passwords
// or codes sent at once against a limit of five get five checks, not twenty.
const PASSWORD = "long-enough-password";
type Authorize = (credentials: Record<string, string>, req: { headers: Record<string, string> }) => Promise<unknown>;
const authorize = (authOptions.providers[0] as unknown as { options: { authorize: Authorize } }).options.authorize;
const signIn = (email: string, password: string, ip = "203.0.113.50") =>
  authorize({ email, password }, { headers: { "x-console-client-ip": ip, "user-agent": "vitest" } }).then(
    (user) => (user ? "ok" : "refused"),
    (e: Error) => e.message,
  );

const reasons = async (action: string, email: string) =>
  (
    await db.auditLog.findMany({
      where: { action, OR: [{ actorEmail: email }, { detail: { path: ["email"], equals: email } }] },
      select: { reason: true },
    })
  ).map((r) => r.reason);

const newUser = () =>
  createUser(
    { email: `guess-${randomUUID().slice(0, 8)}@example.com`, name: "Guess", role: "finance", password: PASSWORD },
    null,
  );

/** A user with a second factor and a live session, as the step-up route sees them. */
async function signedInWithMfa() {
  const user = await newUser();
  const { secret } = await startEnrolment(actorFor(staffOf(user)));
  await confirmEnrolment({ code: totpCode(secret, Date.now() - 30_000) }, actorFor(staffOf(user)));
  const cookie = await sessionToken(user.id);
  const me = (await getCurrentUser({ get: () => ({ value: cookie }) } as never)) as CurrentUser;
  // A fresh code each time (a step is used once): now, then the next step, which is still accepted.
  let step = 0;
  return { user, me, code: () => totpCode(secret, Date.now() + 30_000 * step++) };
}
const stepUpOutcome = (me: CurrentUser, code: string, ip = "203.0.113.60") =>
  stepUp({ code }, actorFor(me, { ip })).then(
    () => "ok",
    (e) => e.name as string,
  );

describe("attempts reserved before they are checked", () => {
  beforeEach(async () => {
    await db.signInThrottle.deleteMany();
    await db.user.deleteMany();
  });

  it("20 parallel wrong passwords: 5 are checked, the rest refused as throttled", async () => {
    const user = await newUser();
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => signIn(user.email, `wrong-password-${i}`)));
    const log = await reasons("auth.sign_in", user.email);
    expect(log.filter((r) => r === "wrong password")).toHaveLength(5);
    expect(log.filter((r) => r === "throttled")).toHaveLength(15);
    expect(results.filter((r) => r === "refused")).toHaveLength(5);
    // Locked now, even with the right password.
    expect(await signIn(user.email, PASSWORD)).not.toBe("ok");
  });

  it("a success gives its reservation back: four failures then a success leave the account open", async () => {
    const user = await newUser();
    for (let i = 0; i < 4; i++) expect(await signIn(user.email, "wrong-password")).toBe("refused");
    expect(await signIn(user.email, PASSWORD)).toBe("ok");
    for (let i = 0; i < 4; i++) expect(await signIn(user.email, "wrong-password")).toBe("refused");
    expect(await signIn(user.email, PASSWORD)).toBe("ok");
  });

  it("a right password without its code does not reset the count of wrong codes", async () => {
    const user = await newUser();
    const { secret } = await startEnrolment(actorFor(staffOf(user)));
    await confirmEnrolment({ code: totpCode(secret, Date.now() - 30_000) }, actorFor(staffOf(user)));
    const withCode = (code: string) =>
      authorize(
        { email: user.email, password: PASSWORD, code },
        { headers: { "x-console-client-ip": "203.0.113.51" } },
      ).then(
        () => "ok",
        (e: Error) => e.message,
      );
    for (let i = 0; i < 4; i++) {
      expect(await signIn(user.email, PASSWORD, "203.0.113.51")).toBe(SIGN_IN_ERRORS.mfaRequired);
      expect(await withCode(String(100000 + i))).toBe(SIGN_IN_ERRORS.mfaInvalid);
    }
    expect(await withCode("100009")).toBe(SIGN_IN_ERRORS.mfaInvalid);
    expect(await withCode(totpCode(secret))).toBe(SIGN_IN_ERRORS.throttled);
  });

  it("the per-address limit holds under concurrency across many emails, and counts successes only once", async () => {
    const ip = "198.51.100.77";
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => signIn(`nobody-${i}@example.com`, "wrong-password", ip)),
    );
    // Every guess is checked or throttled; none fails for want of a free connection (a burst waits for the pool).
    expect(new Set(results)).toEqual(new Set(["refused", "Throttled"]));
    expect(results.filter((r) => r === "refused")).toHaveLength(30);
    const other = await newUser();
    expect(await signIn(other.email, PASSWORD, "198.51.100.78")).toBe("ok");
    expect(await signIn(other.email, PASSWORD, ip)).not.toBe("ok");
  });

  it("20 parallel wrong step-up codes: 5 are checked", async () => {
    const { user, me } = await signedInWithMfa();
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        stepUp({ code: String(100000 + i) }, actorFor(me, { ip: "203.0.113.60" })).then(
          () => "ok",
          (e) => e.name as string,
        ),
      ),
    );
    expect(outcomes.filter((o) => o === "Invalid")).toHaveLength(5);
    expect(outcomes.filter((o) => o === "RateLimited")).toHaveLength(15);
    const log = await reasons("mfa.step_up", user.email);
    expect(log.filter((r) => r === "wrong code")).toHaveLength(5);
  });

  it("wrong passwords from anywhere lock sign-in but not the step-up of the user's live session", async () => {
    const { user, me, code } = await signedInWithMfa();
    for (let i = 0; i < 6; i++) await signIn(user.email, `wrong-password-${i}`, `198.51.100.${i + 1}`);
    expect(await signIn(user.email, PASSWORD, "203.0.113.61")).not.toBe("ok");
    expect(await stepUpOutcome(me, code())).toBe("ok");
  });

  it("wrong step-up codes lock step-up (its own count per user), and not the user's sign-in", async () => {
    const { user, me, code } = await signedInWithMfa();
    for (let i = 0; i < 5; i++)
      expect(await stepUpOutcome(me, String(100000 + i), `198.51.100.${i + 10}`)).toBe("Invalid");
    expect(await stepUpOutcome(me, code(), "198.51.100.20")).toBe("RateLimited");
    expect(await signIn(user.email, PASSWORD, "203.0.113.62")).not.toBe("refused");
    // A right code starts the count again, as a completed sign-in does.
    const other = await signedInWithMfa();
    for (let i = 0; i < 4; i++) expect(await stepUpOutcome(other.me, String(200000 + i))).toBe("Invalid");
    expect(await stepUpOutcome(other.me, other.code())).toBe("ok");
    for (let i = 0; i < 4; i++) expect(await stepUpOutcome(other.me, String(200010 + i))).toBe("Invalid");
    expect(await stepUpOutcome(other.me, other.code())).toBe("ok");
  });
});
