import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { createHash } from "node:crypto";
import { db, pool } from "@/lib/platform/db";
import { Conflict, Invalid, NotFound, RateLimited } from "@/lib/platform/errors";
import { audit, type Decided } from "@/lib/platform/audit/log";
import { openColumns, sealColumns } from "@/lib/platform/secrets/store";
import {
  looksLikeTotp,
  newTotpSecret,
  secondsUntilStep,
  totpSecretName,
  totpStep,
  totpUri,
} from "@/lib/platform/auth/totp";
import { releaseStepUp, reserveStepUp } from "@/lib/platform/auth/throttle";
import { randomFrom } from "@/lib/platform/auth/password";
import type { Actor } from "@/lib/platform/auth/actor";
import type { CurrentUser } from "@/lib/platform/auth/session";

export const RECOVERY_CODE_COUNT = 10;
const hashCode = (code: string) => createHash("sha256").update(normaliseRecovery(code)).digest("hex");
const normaliseRecovery = (code: string) =>
  code
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");

function newRecoveryCode(): string {
  const chars = randomFrom("abcdefghijkmnpqrstuvwxyz23456789", 10);
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** Starts (or restarts) enrolment; refused while a confirmed second factor exists (an admin resets it first). */
export async function startEnrolment(actor: Actor): Promise<{ secret: string; uri: string }> {
  const { user } = actor;
  const existing = await db.userMfa.findUnique({ where: { userId: user.id }, select: { enabledAt: true } });
  if (existing?.enabledAt)
    throw new Conflict("Two-step sign-in is already on for this account.", "mfa_already_enabled");
  const secret = newTotpSecret();
  const data = {
    ...sealColumns(secret, totpSecretName(user.id)),
    enabledAt: null,
    lastStep: 0n,
  };
  await db.userMfa.upsert({ where: { userId: user.id }, create: { userId: user.id, ...data }, update: data });
  return { secret, uri: totpUri(secret, user.email) };
}

async function secretOf(userId: string): Promise<{ secret: string; enabled: boolean } | null> {
  const row = await db.userMfa.findUnique({ where: { userId } });
  if (!row) return null;
  return { secret: openColumns(row, totpSecretName(userId)), enabled: !!row.enabledAt };
}

/** Claims a TOTP code: the UPDATE's condition makes two concurrent uses of one code succeed once. */
async function claimTotp(
  userId: string,
  code: string,
  { pending = false } = {},
): Promise<"ok" | "wrong" | { usedUpTo: number }> {
  const mfa = await secretOf(userId);
  if (!mfa || mfa.enabled === pending) return "wrong";
  const step = totpStep(mfa.secret, code);
  if (step === null) return "wrong";
  const { rowCount } = await pool.query("UPDATE user_mfa SET last_step = $2 WHERE user_id = $1 AND last_step < $2", [
    userId,
    step,
  ]);
  if (rowCount === 1) return "ok";
  const { rows } = await pool.query<{ last_step: string }>("SELECT last_step FROM user_mfa WHERE user_id = $1", [
    userId,
  ]);
  return { usedUpTo: Number(rows[0]?.last_step ?? step) };
}

async function claimRecoveryCode(userId: string, code: string): Promise<boolean> {
  const { rowCount } = await pool.query(
    "UPDATE recovery_codes SET used_at = now() WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL",
    [userId, hashCode(code)],
  );
  return rowCount === 1;
}

/** Confirms enrolment with a first code; returns the recovery codes, shown this once. */
export async function confirmEnrolment({ code }: { code: string }, actor: Actor): Promise<string[]> {
  const { user } = actor;
  if ((await claimTotp(user.id, code, { pending: true })) !== "ok") {
    await audit({ actor, action: "mfa.enable", result: "denied", reason: "wrong code" });
    throw new Invalid(
      "That code does not match. Check the time on your phone and enter the newest code.",
      "wrong_code",
    );
  }
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.$transaction([
    db.userMfa.update({ where: { userId: user.id }, data: { enabledAt: new Date() } }),
    db.recoveryCode.deleteMany({ where: { userId: user.id } }),
    db.recoveryCode.createMany({ data: codes.map((c) => ({ userId: user.id, codeHash: hashCode(c) })) }),
  ]);
  await audit({ actor, action: "mfa.enable", result: "ok", targetType: "user", targetId: user.id });
  return codes;
}

export async function mfaEnabled(userId: string): Promise<boolean> {
  const row = await db.userMfa.findUnique({ where: { userId }, select: { enabledAt: true } });
  return !!row?.enabledAt;
}

/** A second factor at sign-in or step-up: an authenticator code, or one unused recovery code. */
export async function verifySecondFactor(userId: string, code: string): Promise<"totp" | "recovery" | null> {
  const kind = await checkSecondFactor(userId, code);
  return typeof kind === "string" ? kind : null;
}

async function checkSecondFactor(
  userId: string,
  code: string,
): Promise<"totp" | "recovery" | null | { usedUpTo: number }> {
  if (!looksLikeTotp(code)) return (await claimRecoveryCode(userId, code)) ? "recovery" : null;
  const claim = await claimTotp(userId, code);
  return claim === "ok" ? "totp" : claim === "wrong" ? null : claim;
}

export async function recoveryCodesLeft(userId: string): Promise<number> {
  return db.recoveryCode.count({ where: { userId, usedAt: null } });
}

/** Wrong codes count on the user's own step-up counter: others' wrong passwords cannot lock a manager out. */
export async function stepUp({ code }: { code: string }, actor: Actor<CurrentUser>): Promise<void> {
  const { user } = actor;
  if (!(await mfaEnabled(user.id)))
    throw new Conflict("Turn on two-step sign-in first (Account → Security).", "mfa_not_enabled");
  if (await reserveStepUp(user.id)) {
    await audit({ actor, action: "mfa.step_up", result: "denied", reason: "throttled" });
    throw new RateLimited("Too many wrong codes. Wait 15 minutes and try again.");
  }
  const kind = await checkSecondFactor(user.id, code);
  if (kind !== null && typeof kind === "object") {
    await audit({ actor, action: "mfa.step_up", result: "denied", reason: "code already used" });
    throw new Invalid(usedCodeMessage(kind.usedUpTo), "code_used");
  }
  if (!kind) {
    await audit({ actor, action: "mfa.step_up", result: "denied", reason: "wrong code" });
    throw new Invalid("That code does not match. Enter the newest code from your authenticator app.", "wrong_code");
  }
  await releaseStepUp(user.id);
  await pool.query("UPDATE sessions SET stepped_up_at = now() WHERE id = $1", [user.sessionId]);
  await audit({
    actor,
    action: "mfa.step_up",
    result: "ok",
    reason: kind === "recovery" ? "recovery code" : undefined,
  });
}

/** Writes the person's security notice in the reset's own transaction (issue 35). */
export type TellMfaReset = (tx: Prisma.TransactionClient, targetId: string, by: string) => Promise<unknown>;

/** An admin removes a user's second factor (lost phone); the trigger ends their sessions. */
export async function resetMfa(targetId: string, actor: Actor, decided: Decided, tell: TellMfaReset): Promise<void> {
  if (!(await db.user.findUnique({ where: { id: targetId }, select: { id: true } })))
    throw new NotFound("No such user.");
  const count = await db.$transaction(async (tx) => {
    await decided.within?.(tx);
    const { count } = await tx.userMfa.deleteMany({ where: { userId: targetId } });
    await tx.recoveryCode.deleteMany({ where: { userId: targetId } });
    await audit(
      {
        actor,
        action: "user.mfa_reset",
        result: count ? "ok" : "invalid",
        reason: count ? decided.reason : "no second factor",
        targetType: "user",
        targetId,
      },
      tx,
    );
    if (count) await tell(tx, targetId, actor.user.email);
    return count;
  });
  if (!count) throw new Conflict("This user has no second factor to reset.", "no_second_factor");
}

/** Codes work once: say so, and when the next one (the step after the last used) appears. */
export function usedCodeMessage(lastStep: number, at: number = Date.now()): string {
  const wait = secondsUntilStep(lastStep + 1, at);
  return wait > 0
    ? `That code was already used: each code works once. Your app shows the next one in ${wait} second${wait === 1 ? "" : "s"}; enter that one.`
    : "That code was already used: each code works once. Enter the code your app shows now.";
}
