import "server-only";
import { db } from "@/lib/platform/db";
import { config } from "@/lib/platform/config";
import { audit, type Decided } from "@/lib/platform/audit/log";
import type { Actor } from "@/lib/platform/auth/actor";
import { can, isPermission, NO_ACCESS } from "@/lib/platform/auth/permissions";
import { PRIVILEGED_PERMISSIONS } from "@/lib/platform/auth/session-policy";
import { Invalid } from "@/lib/platform/errors";
import { SECRET_NAMES, secretStatus, writeSecret } from "@/lib/platform/secrets/store";
import { loadSsoConfig, type SsoConfig } from "./config";
import { forgetProvider } from "./discovery";
import type { SsoPolicy, SsoProviderInput } from "./schemas";

// An admin's SSO changes; the two-admin rule around them: lib/pending-changes/sso.ts, docs/security.md.

export async function setSsoProvider(input: SsoProviderInput, actor: Actor, decided: Decided = {}) {
  if (config().production && !input.issuer.startsWith("https://"))
    throw new Invalid("In production the issuer is an https:// address.", "issuer_not_https");
  await db.$transaction(async (tx) => {
    await decided.within?.(tx);
    const values = { issuer: input.issuer, clientId: input.clientId, updatedBy: actor.user.email };
    await tx.ssoConfig.upsert({ where: { id: 1 }, create: values, update: values });
    await writeSecret(SECRET_NAMES.ssoClientSecret, input.clientSecret, { by: actor.user.email }, tx);
    await audit(
      {
        actor,
        action: "settings.sso_provider",
        result: "ok",
        reason: decided.reason,
        targetType: "credential",
        targetId: "sso",
        detail: { issuer: input.issuer, clientId: input.clientId },
      },
      tx,
    );
  });
  forgetProvider();
}

/** The roles that hold a privileged permission, and every role's key. */
async function rolesKnown() {
  const roles = await db.staffRole.findMany({ select: { key: true, permissions: true } });
  const privileged = new Set(
    roles
      .filter((r) => PRIVILEGED_PERMISSIONS.some((p) => can({ permissions: r.permissions.filter(isPermission) }, p)))
      .map((r) => r.key),
  );
  return { keys: new Set(roles.map((r) => r.key)), privileged };
}

/** Refuses a policy that cannot work: unknown roles, break-glass people who are not admins, SSO on without a provider. */
export async function checkPolicy(policy: SsoPolicy) {
  const { keys } = await rolesKnown();
  for (const m of policy.mappings)
    if (!keys.has(m.role) || m.role === NO_ACCESS)
      throw new Invalid(`There is no role ${m.role} to give the group ${m.group}.`, "unknown_role");
  const admins = await db.user.findMany({
    where: { email: { in: policy.breakGlass }, disabled: false, staffRole: { permissions: { has: "users.manage" } } },
    select: { email: true },
  });
  const missing = policy.breakGlass.filter((e) => !admins.some((a) => a.email === e));
  if (missing.length)
    throw new Invalid(
      `Only active admins can be on the break-glass list: ${missing.join(", ")}.`,
      "break_glass_not_admin",
    );
  if (policy.mode !== "off") {
    const cfg = await loadSsoConfig();
    const secret = (await secretStatus())[SECRET_NAMES.ssoClientSecret];
    if (!cfg.issuer || !cfg.clientId || !secret)
      throw new Invalid(
        "Save the provider (issuer, client id and secret) before turning single sign-on on.",
        "sso_not_configured",
      );
  }
  if (policy.mode === "required" && policy.breakGlass.length === 0)
    throw new Invalid("List at least one break-glass admin before requiring single sign-on.", "no_break_glass");
}

/** What in a policy change loosens a control, as lines for the second admin (empty: nothing). */
export function policyLoosening(before: SsoConfig, after: SsoPolicy, privileged: Set<string>): string[] {
  const lines: string[] = [];
  if (before.mode === "required" && after.mode !== "required")
    lines.push(`Single sign-on: required → ${after.mode} (passwords work again)`);
  const givesPrivileged = after.mappings.some((m) => privileged.has(m.role));
  if (before.mode === "off" && after.mode !== "off" && givesPrivileged)
    lines.push(`Single sign-on turned ${after.mode}: groups give privileged roles`);
  for (const m of after.mappings)
    if (privileged.has(m.role) && !before.mappings.some((b) => b.group === m.group && b.role === m.role))
      lines.push(`Group ${m.group} → role ${m.role}`);
  for (const email of after.breakGlass)
    if (!before.breakGlass.includes(email)) lines.push(`Break-glass admin added: ${email}`);
  for (const acr of after.mfaAcr) if (!before.mfaAcr.includes(acr)) lines.push(`acr ${acr} counts as a second factor`);
  if (after.groupsClaim !== before.groupsClaim && givesPrivileged)
    lines.push(`Groups claim: ${before.groupsClaim} → ${after.groupsClaim}`);
  return lines;
}

export async function policyChange(policy: SsoPolicy) {
  const before = await loadSsoConfig();
  return { before, loosening: policyLoosening(before, policy, (await rolesKnown()).privileged) };
}

export async function setSsoPolicy(policy: SsoPolicy, actor: Actor, decided: Decided = {}) {
  await checkPolicy(policy);
  await db.$transaction(async (tx) => {
    await decided.within?.(tx);
    const values = { ...policy, updatedBy: actor.user.email };
    await tx.ssoConfig.upsert({ where: { id: 1 }, create: values, update: values });
    await audit(
      {
        actor,
        action: "settings.sso_policy",
        result: "ok",
        reason: decided.reason,
        detail: policy,
      },
      tx,
    );
  });
}
