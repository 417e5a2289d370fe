import { tellMfaReset } from "@/lib/notifications/events-security";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { config } from "@/lib/platform/config";
import { encode } from "next-auth/jwt";
import { randomUUID } from "node:crypto";
import { db, pool } from "@/lib/platform/db";
import { getCurrentUser, steppedUp, type CurrentUser } from "@/lib/platform/auth/session";
import {
  confirmEnrolment,
  startEnrolment,
  stepUp,
  usedCodeMessage,
  verifySecondFactor,
  resetMfa,
} from "@/lib/platform/auth/mfa";
import { totpCode } from "@/lib/platform/auth/totp";
import { changeOwnPassword, createUser, resetPassword, updateUser } from "@/lib/users/service";
import { actorFor } from "@/lib/platform/auth/actor";
import { verifyPassword } from "@/lib/platform/auth/password";
import { NotFound } from "@/lib/platform/errors";
import { staffOf } from "@/test/staff";

// Against the real PostgreSQL `npm test` starts: sessions, triggers and codes as the console runs them.
const SECRET = config().auth.secret!; // vitest.config.ts sets one for the run
const client = { ip: "203.0.113.9", userAgent: "vitest" };
const admin = { id: randomUUID(), email: "boss@example.com", name: "Boss", role: "admin" as const };

async function newUser(role: "finance" | "manager" | "admin" = "finance") {
  return createUser(
    { email: `${role}-${randomUUID().slice(0, 8)}@example.com`, name: role, role, password: "long-enough-password" },
    null,
  );
}

async function openSession(userId: string, opts: { idleFor?: string; expired?: boolean } = {}) {
  const sid = randomUUID();
  await pool.query(
    `INSERT INTO sessions (id, user_id, expires_at, last_seen_at)
     VALUES ($1, $2, now() + CASE WHEN $3 THEN interval '-1 minute' ELSE interval '1 hour' END, now() - $4::interval)`,
    [sid, userId, !!opts.expired, opts.idleFor ?? "0 seconds"],
  );
  const cookie = await encode({ token: { sub: userId, sid }, secret: SECRET });
  const jar = { get: (name: string) => (name === "next-auth.session-token" ? { value: cookie } : undefined) };
  return { sid, jar, cookie };
}

const current = async (jar: Parameters<typeof getCurrentUser>[0]) => getCurrentUser(jar);

describe("server-side sessions", () => {
  beforeEach(async () => {
    await db.user.deleteMany();
  });

  it("lives while used, ends after the idle time-out and at its absolute lifetime", async () => {
    const user = await newUser();
    const fresh = await openSession(user.id);
    expect((await current(fresh.jar))?.email).toBe(user.email);
    const idle = await openSession(user.id, { idleFor: "16 minutes" });
    expect(await current(idle.jar)).toBeNull();
    const almost = await openSession(user.id, { idleFor: "14 minutes" });
    expect(await current(almost.jar)).not.toBeNull();
    // Being used moved last_seen_at forward: the 14 idle minutes start again.
    await expect
      .poll(
        async () =>
          (
            await pool.query(
              "SELECT last_seen_at > now() - interval '1 minute' AS touched FROM sessions WHERE id = $1",
              [almost.sid],
            )
          ).rows[0].touched,
      )
      .toBe(true);
    const expired = await openSession(user.id, { expired: true });
    expect(await current(expired.jar)).toBeNull();
  });

  it("refuses a tampered cookie, one naming another user, and a revoked session", async () => {
    const user = await newUser();
    const other = await newUser();
    const s = await openSession(user.id);
    const flipped = s.cookie.slice(0, 40) + (s.cookie[40] === "A" ? "B" : "A") + s.cookie.slice(41);
    expect(await current({ get: () => ({ value: flipped }) })).toBeNull();
    const forged = await encode({ token: { sub: other.id, sid: s.sid }, secret: SECRET });
    expect(await current({ get: () => ({ value: forged }) })).toBeNull();
    expect(await current(s.jar)).not.toBeNull(); // read once: its claims are now known
    await pool.query("UPDATE sessions SET revoked_at = now() WHERE id = $1", [s.sid]);
    expect(await current(s.jar)).toBeNull();
  });

  it("refuses a cookie once its token has expired, though it was read before", async () => {
    const user = await newUser();
    const s = await openSession(user.id);
    const cookie = await encode({ token: { sub: user.id, sid: s.sid }, secret: SECRET, maxAge: 60 });
    const jar = { get: () => ({ value: cookie }) };
    expect(await current(jar)).not.toBeNull();
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 2 * 60_000); // past its expiry and the 15 s of clock tolerance
      expect(await current(jar)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("ends every session of a user whose role, status or password changes", async () => {
    const user = await newUser("finance");
    const a = await openSession(user.id);
    const b = await openSession(user.id);
    await updateUser(user.id, { role: "ops" }, actorFor(staffOf(admin)));
    expect(await current(a.jar)).toBeNull();
    expect(await current(b.jar)).toBeNull();
    const c = await openSession(user.id);
    // Even a change made outside the console (a script, psql) ends them.
    await pool.query("UPDATE users SET disabled = true WHERE id = $1", [user.id]);
    expect(await current(c.jar)).toBeNull();
    const { rows } = await pool.query("SELECT revoked_reason FROM sessions WHERE id = $1", [c.sid]);
    expect(rows[0].revoked_reason).toBe("disabled");
  });

  it("an admin's password reset gives a one-time temporary password that must be changed; the change keeps only this session", async () => {
    const user = await newUser("finance");
    const before = await openSession(user.id);
    const { temporaryPassword } = await resetPassword(user.id, actorFor(staffOf(admin), client));
    expect(temporaryPassword).toMatch(/^[A-Za-z2-9]{16}$/);
    expect(await current(before.jar)).toBeNull();
    const row = await db.user.findUniqueOrThrow({
      where: { id: user.id },
      select: { passwordHash: true, mustChangePassword: true },
    });
    expect(row.mustChangePassword).toBe(true);
    expect(await verifyPassword(temporaryPassword, row.passwordHash)).toBe(true);
    // The audit log names the reset, never the password.
    const entry = await db.auditLog.findFirstOrThrow({ where: { action: "user.password_reset", targetId: user.id } });
    expect(JSON.stringify({ ...entry, id: String(entry.id) })).not.toContain(temporaryPassword);

    const mine = await openSession(user.id);
    const elsewhere = await openSession(user.id);
    const me = (await current(mine.jar))!;
    expect(me.mustChangePassword).toBe(true);
    await expect(
      changeOwnPassword({ currentPassword: "wrong", newPassword: "another-long-password" }, actorFor(me, client)),
    ).rejects.toMatchObject({ name: "Invalid", rule: "wrong_current_password" });
    await changeOwnPassword(
      { currentPassword: temporaryPassword, newPassword: "another-long-password" },
      actorFor(me, client),
    );
    expect((await current(mine.jar))?.mustChangePassword).toBe(false);
    expect(await current(elsewhere.jar)).toBeNull();
  });
});

describe("TOTP second factor", () => {
  beforeEach(async () => {
    await db.user.deleteMany();
  });

  async function enrolled(role: "manager" | "finance" = "manager") {
    const user = await newUser(role);
    const { secret, uri } = await startEnrolment(actorFor(staffOf(user)));
    expect(uri).toMatch(/^otpauth:\/\/totp\/Merchant%20Console:.+secret=/);
    // The secret is stored sealed, never in clear.
    const { rows } = await pool.query("SELECT ciphertext FROM user_mfa WHERE user_id = $1", [user.id]);
    expect(Buffer.from(rows[0].ciphertext).toString("latin1")).not.toContain(secret);
    await expect(confirmEnrolment({ code: "000000" }, actorFor(staffOf(user), client))).rejects.toMatchObject({
      name: "Invalid",
      rule: "wrong_code",
    });
    // Enrol with the previous step's code so the current one is still unused.
    const codes = await confirmEnrolment(
      { code: totpCode(secret, Date.now() - 30_000) },
      actorFor(staffOf(user), client),
    );
    return { user, secret, codes };
  }

  it("enrols with a QR secret and ten recovery codes; a code works once, even when sent twice at once", async () => {
    const { user, secret, codes } = await enrolled();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const code = totpCode(secret);
    const results = await Promise.all([verifySecondFactor(user.id, code), verifySecondFactor(user.id, code)]);
    expect(results.filter(Boolean)).toEqual(["totp"]);
    expect(await verifySecondFactor(user.id, code)).toBeNull();
    expect(await verifySecondFactor(user.id, "123456")).toBeNull();
  });

  it("a recovery code works once instead of the phone", async () => {
    const { user, codes } = await enrolled();
    expect(await verifySecondFactor(user.id, codes[3]!.toUpperCase())).toBe("recovery");
    expect(await verifySecondFactor(user.id, codes[3]!)).toBeNull();
  });

  it("step-up marks this session only, for a few minutes; a wrong code is refused and audited", async () => {
    const { user, secret } = await enrolled();
    const s = await openSession(user.id);
    const other = await openSession(user.id);
    const me = (await current(s.jar)) as CurrentUser;
    expect(steppedUp(me)).toBe(false);
    await expect(stepUp({ code: "999999" }, actorFor(me, client))).rejects.toMatchObject({
      name: "Invalid",
      rule: "wrong_code",
    });
    await stepUp({ code: totpCode(secret) }, actorFor(me, client));
    expect(steppedUp((await current(s.jar))!)).toBe(true);
    expect(steppedUp((await current(other.jar))!)).toBe(false);
    expect(steppedUp((await current(s.jar))!, Date.now() + 6 * 60_000)).toBe(false);
    const denied = await db.auditLog.count({ where: { action: "mfa.step_up", result: "denied", actorId: user.id } });
    expect(denied).toBe(1);
  });

  it("the code used at sign-in, given again at step-up, is refused as spent, saying when the next comes", async () => {
    const { user, secret } = await enrolled();
    const s = await openSession(user.id);
    const me = (await current(s.jar)) as CurrentUser;
    const code = totpCode(secret);
    expect(await verifySecondFactor(user.id, code)).toBe("totp"); // the sign-in
    const refused = await stepUp({ code }, actorFor(me, client)).catch((e: Error) => e);
    expect(refused).toMatchObject({ name: "Invalid", rule: "code_used" });
    expect((refused as Error).message).toMatch(/already used: each code works once/);
    expect((refused as Error).message).not.toMatch(/does not match/);
    const wait = 30 - (Math.floor(Date.now() / 1000) % 30);
    const said = Number((refused as Error).message.match(/next one in (\d+) second/)?.[1]);
    // Within a second of the window's end (modulo 30: the window may turn between the two readings).
    expect(Math.min((said - wait + 30) % 30, (wait - said + 30) % 30)).toBeLessThanOrEqual(1);
    expect(steppedUp((await current(s.jar))!)).toBe(false);
  });

  it("the message on a spent code counts the seconds to the next 30-second window", () => {
    const step = 1000;
    expect(usedCodeMessage(step, step * 30_000 + 5_500)).toContain("next one in 25 seconds");
    expect(usedCodeMessage(step, step * 30_000 + 29_000)).toContain("next one in 1 second;");
    // Used a step ahead (clock drift): the next still comes after that step.
    expect(usedCodeMessage(step + 1, step * 30_000 + 10_000)).toContain("next one in 50 seconds");
    expect(usedCodeMessage(step - 1, step * 30_000 + 10_000)).toContain("Enter the code your app shows now");
  });

  it("an admin reset removes the factor and ends the user's sessions", async () => {
    const { user } = await enrolled();
    const s = await openSession(user.id);
    await resetMfa(user.id, actorFor(staffOf(admin), client), {}, tellMfaReset);
    expect(await current(s.jar)).toBeNull();
    const again = await openSession(user.id);
    expect((await current(again.jar))?.mfaEnabled).toBe(false);
    await expect(resetMfa(randomUUID(), actorFor(staffOf(admin), client), {}, tellMfaReset)).rejects.toBeInstanceOf(
      NotFound,
    );
  });
});
