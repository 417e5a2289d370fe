import { db } from "@/lib/platform/db";
import { signedInAs } from "@/test/route-session";
import type { Case, Declared } from "@/test/answers-cases";
import { POST as createUser } from "@/app/api/users/route";
import { PATCH as changeUser } from "@/app/api/users/[id]/route";
import { POST as resetPassword } from "@/app/api/users/[id]/password-reset/route";
import { POST as resetMfa } from "@/app/api/users/[id]/mfa-reset/route";
import { POST as createRole } from "@/app/api/roles/route";
import { PATCH as changeRole } from "@/app/api/roles/[key]/route";
import { POST as scimToken } from "@/app/api/scim/token/route";
import { POST as approve } from "@/app/api/pending-changes/[id]/approve/route";
import { PATCH as changeSettings } from "@/app/api/settings/route";
import { PUT as setCredential } from "@/app/api/settings/credentials/[name]/route";
import { GET as sso } from "@/app/api/settings/sso/route";
import { PUT as ssoProvider } from "@/app/api/settings/sso/provider/route";
import { PUT as ssoPolicy } from "@/app/api/settings/sso/policy/route";
import { POST as ssoTest } from "@/app/api/settings/sso/test/route";
import { DELETE as removeChat, PUT as setChat } from "@/app/api/settings/chat/[team]/route";

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The administration routes' rows: ops users (applied at once), a role, a change another admin asked for. */
export async function seedAdminAnswers(admin: string): Promise<Record<string, string>> {
  await db.session.updateMany({ where: { userId: admin }, data: { steppedUpAt: new Date() } });
  const requester = await signedInAs("admin");
  const lostPhone = await signedInAs("ops");
  // No issuer: the SSO test answers no_issuer without reaching any provider.
  const mappings = [{ group: "finance-team", role: "finance" }];
  await db.ssoConfig.create({ data: { mappings, mfaAcr: ["mfa"], updatedBy: "admin@example.com" } });
  const role = `r-${unique()}`;
  await db.staffRole.create({ data: { key: role, name: "Readers", permissions: ["transactions.read"] } });
  const approvable = await db.pendingChange.create({
    data: {
      kind: "user.mfa_reset",
      targetId: lostPhone.id,
      payload: {},
      summary: { lines: ["Second factor reset"] },
      requestedById: requester.id,
      requestedByEmail: "requester@example.com",
      expiresAt: new Date(Date.now() + 3_600_000),
    },
  });
  return {
    newEmail: `new-${unique()}@example.com`,
    opsUser: (await signedInAs("ops")).id,
    newRole: `r-${unique()}`,
    role,
    approvable: approvable.id,
    credential: "customs-token",
    team: "finance",
  };
}

export const ADMIN_ANSWERS: Record<string, Case> = {
  "POST /api/users": {
    handler: createUser as Declared,
    path: "/api/users",
    body: { email: "{newEmail}", name: "New", role: "ops", password: "a-long-enough-password-1" },
    keyed: true,
  },
  "PATCH /api/users/{id}": {
    handler: changeUser as Declared,
    path: "/api/users/x",
    id: "opsUser",
    body: { name: "Renamed" },
  },
  "POST /api/users/{id}/password-reset": {
    handler: resetPassword as Declared,
    path: "/api/users/x/password-reset",
    id: "opsUser",
  },
  "POST /api/users/{id}/mfa-reset": { handler: resetMfa as Declared, path: "/api/users/x/mfa-reset", id: "opsUser" },
  "POST /api/roles": {
    handler: createRole as Declared,
    path: "/api/roles",
    body: { key: "{newRole}", name: "Auditors", permissions: ["audit.read"] },
  },
  "PATCH /api/roles/{key}": {
    handler: changeRole as Declared,
    path: "/api/roles/x",
    id: "role",
    param: "key",
    body: { name: "Readers again" },
  },
  "POST /api/scim/token": { handler: scimToken as Declared, path: "/api/scim/token" },
  "POST /api/pending-changes/{id}/approve": {
    handler: approve as Declared,
    path: "/api/pending-changes/x/approve",
    id: "approvable",
    body: {},
  },
  "PATCH /api/settings": { handler: changeSettings as Declared, path: "/api/settings", body: { upiTimeoutMs: 9000 } },
  "GET /api/settings/sso": { handler: sso as Declared, path: "/api/settings/sso" },
  "PUT /api/settings/sso/policy": {
    handler: ssoPolicy as Declared,
    path: "/api/settings/sso/policy",
    body: {
      mode: "off",
      label: "",
      groupsClaim: "groups",
      mappings: [{ group: "auditors", role: "ops" }],
      breakGlass: [],
      mfaAcr: [],
    },
  },
  "POST /api/settings/sso/test": { handler: ssoTest as Declared, path: "/api/settings/sso/test", body: {} },
  // A credential waits for the second admin the test database always has: the 202 answer is what they parse.
  "PUT /api/settings/credentials/{name}": {
    handler: setCredential as Declared,
    path: "/api/settings/credentials/x",
    id: "credential",
    param: "name",
    body: { value: "customs-token-of-the-test" },
    waits: true,
  },
  "PUT /api/settings/sso/provider": {
    handler: ssoProvider as Declared,
    path: "/api/settings/sso/provider",
    body: { issuer: "https://idp.example.com", clientId: "console", clientSecret: "a-client-secret" },
    waits: true,
  },
  "PUT /api/settings/chat/{team}": {
    handler: setChat as Declared,
    path: "/api/settings/chat/x",
    id: "team",
    param: "team",
    body: { format: "slack", url: "https://93.184.215.14/hook" },
    waits: true,
  },
  "DELETE /api/settings/chat/{team}": {
    handler: removeChat as Declared,
    path: "/api/settings/chat/x",
    id: "team",
    param: "team",
    waits: true,
  },
};
