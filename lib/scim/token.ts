import "server-only";
import { randomBytes } from "node:crypto";
import { db } from "@/lib/platform/db";
import { audit } from "@/lib/platform/audit/log";
import type { Actor } from "@/lib/platform/auth/actor";
import { tokenHashOf } from "./protocol";

/** A new provisioning token, shown this once. */
export async function issueScimToken(actor: Actor): Promise<{ token: string }> {
  const token = `scim_${randomBytes(32).toString("base64url")}`;
  await db.$transaction(async (tx) => {
    await tx.scimToken.updateMany({ where: { revokedAt: null }, data: { revokedAt: new Date() } });
    await tx.scimToken.create({ data: { tokenHash: tokenHashOf(token), createdByEmail: actor.user.email } });
    await audit({ actor, action: "scim.token_issue", result: "ok" }, tx);
  });
  return { token };
}
