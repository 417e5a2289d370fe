import { db } from "@/lib/platform/db";
import { hashPassword } from "@/lib/platform/auth/password";
import { newTotpSecret, totpCode, totpSecretName } from "@/lib/platform/auth/totp";
import { sealColumns } from "@/lib/platform/secrets/store";
import { sessionCookie, signedInAs } from "@/test/route-session";
import type { Case, Declared } from "@/test/answers-cases";
import { POST as changePassword } from "@/app/api/me/password/route";
import { POST as mfaSetup } from "@/app/api/me/mfa/setup/route";
import { POST as mfaConfirm } from "@/app/api/me/mfa/confirm/route";
import { POST as stepUp } from "@/app/api/me/step-up/route";

const PASSWORD = "the-old-password-of-the-test";
const ENROLLING = newTotpSecret();
const ENROLLED = newTotpSecret();

/** A known second factor for this user: enrolled, or waiting for its first code. */
async function secondFactor(userId: string, secret: string, enabledAt: Date | null) {
  const data = { ...sealColumns(secret, totpSecretName(userId)), enabledAt, lastStep: 0n };
  await db.userMfa.upsert({ where: { userId }, create: { userId, ...data }, update: data });
}

/** People of their own for the account routes, each signed in: their cookies by the name a case gives as its role. */
export async function seedAccountAnswers(): Promise<Record<string, string>> {
  const [owner, starting, enrolling, enrolled] = await Promise.all([1, 2, 3, 4].map(() => signedInAs("ops")));
  await db.user.update({ where: { id: owner!.id }, data: { passwordHash: await hashPassword(PASSWORD) } });
  await secondFactor(starting!.id, newTotpSecret(), null);
  await secondFactor(enrolling!.id, ENROLLING, null);
  await secondFactor(enrolled!.id, ENROLLED, new Date());
  // A new password ends the sessions it had: the owner signs in again with it.
  return {
    owner: await sessionCookie(owner!.id),
    starting: starting!.cookie,
    enrolling: enrolling!.cookie,
    enrolled: enrolled!.cookie,
  };
}

export const ACCOUNT_ANSWERS: Record<string, Case> = {
  "POST /api/me/password": {
    handler: changePassword as Declared,
    path: "/api/me/password",
    role: "owner",
    body: { currentPassword: PASSWORD, newPassword: "the-new-password-of-the-test" },
  },
  "POST /api/me/mfa/setup": { handler: mfaSetup as Declared, path: "/api/me/mfa/setup", role: "starting" },
  "POST /api/me/mfa/confirm": {
    handler: mfaConfirm as Declared,
    path: "/api/me/mfa/confirm",
    role: "enrolling",
    body: () => ({ code: totpCode(ENROLLING) }),
  },
  "POST /api/me/step-up": {
    handler: stepUp as Declared,
    path: "/api/me/step-up",
    role: "enrolled",
    body: () => ({ code: totpCode(ENROLLED) }),
  },
};
