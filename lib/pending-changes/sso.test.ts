import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { actorFor, type StaffUser } from "@/lib/platform/auth/actor";
import { readSecret, SECRET_NAMES } from "@/lib/platform/secrets/store";
import { createUser } from "@/lib/users/service";
import { ssoStatus } from "@/lib/sso/config";
import { staffOf } from "@/test/staff";
import { approve } from "./approve";
import { requestSsoPolicy, requestSsoProvider } from "./sso";

// The single sign-on provider is a credential (issue 51): once the merchant has had two admins,
// a new issuer, client id and secret wait for the other admin, sealed; never sent back. A policy
// change waits when it loosens, and applies at once when it tightens.

const as = (u: StaffUser) => actorFor(u, { ip: "203.0.113.9", userAgent: "vitest" });
async function admin(label: string) {
  const u = await createUser(
    {
      email: `${label}-${Math.random().toString(36).slice(2, 8)}@example.com`,
      name: label,
      role: "admin",
      password: "long-enough-password",
    },
    null,
  );
  return staffOf({ id: u.id, email: u.email, name: u.name, role: u.role });
}
const PROVIDER = { issuer: "https://login.example.com", clientId: "console", clientSecret: "the-client-secret-0123" };
const policy = (over: object = {}) => ({
  mode: "optional" as const,
  label: "Acme SSO",
  groupsClaim: "groups",
  mappings: [{ group: "acme-ops", role: "ops" }],
  breakGlass: [] as string[],
  mfaAcr: [] as string[],
  ...over,
});
const pendingOf = (o: object) => (o as { pendingChange: { id: string; lines: string[] } }).pendingChange;

describe("single sign-on settings under the two-admin rule", () => {
  beforeEach(async () => {
    await db.pendingChange.deleteMany();
    await db.user.deleteMany();
    await db.ssoConfig.deleteMany();
    await db.secret.deleteMany();
  });

  it("with one admin ever, the provider applies at once (single_admin) and the secret is never in the status", async () => {
    const a = await admin("alone");
    expect(await requestSsoProvider(PROVIDER, as(a))).toHaveProperty("applied");
    expect((await readSecret(SECRET_NAMES.ssoClientSecret))?.value).toBe(PROVIDER.clientSecret);
    const status = await ssoStatus();
    expect(status).toMatchObject({ issuer: PROVIDER.issuer, clientId: "console", clientSecretSet: true });
    expect(JSON.stringify(status)).not.toContain(PROVIDER.clientSecret);
    const row = await db.auditLog.findFirstOrThrow({ where: { action: "settings.sso_provider", actorId: a.id } });
    expect(row.reason).toBe("single_admin");
  });

  it("once there were two admins, the provider waits sealed and the other admin's approval applies it", async () => {
    const [a, b] = [await admin("alice"), await admin("bob")];
    const pending = pendingOf(await requestSsoProvider(PROVIDER, as(a)));
    expect(pending.lines[0]).toContain("https://login.example.com");
    expect(await db.ssoConfig.count()).toBe(0);
    const row = await db.pendingChange.findUniqueOrThrow({ where: { id: pending.id } });
    expect(JSON.stringify(row.payload)).not.toContain(PROVIDER.clientSecret);
    await approve(pending.id, {}, as(b));
    expect((await readSecret(SECRET_NAMES.ssoClientSecret))?.value).toBe(PROVIDER.clientSecret);
    expect((await ssoStatus()).issuer).toBe(PROVIDER.issuer);
  });

  it("a policy giving a group a privileged role, or turning required down, waits; refusals never wait", async () => {
    const [a, b] = [await admin("alice"), await admin("bob")];
    await requestSsoProvider(PROVIDER, as(a)).then((o) => approve(pendingOf(o).id, {}, as(b)));
    // SSO on with a group giving ops (no privileged permission): at once.
    expect(await requestSsoPolicy(policy(), as(a))).toHaveProperty("applied");
    const finance = pendingOf(
      await requestSsoPolicy(policy({ mappings: [{ group: "acme-fin", role: "finance" }] }), as(a)),
    );
    expect(finance.lines).toEqual(["Group acme-fin → role finance"]);
    await db.pendingChange.deleteMany();
    // Required with a break-glass admin (the new name on the list waits), then back to optional (waits).
    const required = pendingOf(await requestSsoPolicy(policy({ mode: "required", breakGlass: [a.email] }), as(a)));
    await approve(required.id, {}, as(b));
    expect((await ssoStatus()).mode).toBe("required");
    const down = pendingOf(await requestSsoPolicy(policy({ breakGlass: [a.email] }), as(a)));
    expect(down.lines).toEqual(["Single sign-on: required → optional (passwords work again)"]);
    await expect(requestSsoPolicy(policy({ mappings: [{ group: "x", role: "nobody" }] }), as(a))).rejects.toMatchObject(
      {
        rule: "unknown_role",
      },
    );
    await expect(requestSsoPolicy(policy({ mode: "required" }), as(a))).rejects.toMatchObject({
      rule: "no_break_glass",
    });
    await expect(requestSsoPolicy(policy({ breakGlass: ["someone@example.com"] }), as(a))).rejects.toMatchObject({
      rule: "break_glass_not_admin",
    });
  });
});
