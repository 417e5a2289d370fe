import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { FullConfig } from "@playwright/test";
import { ROLES } from "../../lib/platform/auth/permissions";
import { ROLE_USERS, seedRoleUsers, storageStateFor } from "./users";
import { sessionState } from "./sessions";
import { seedSandboxCredentials, keyringOrThrow } from "../../scripts/lib/secrets";
import { withPg } from "../../scripts/lib/users";

// Seeds one user per role and opens a session for each (server-side row and cookie, without the
// sign-in page: e2e/sign-in.spec.ts proves that one); specs reuse the saved sessions.
export default async function globalSetup(config: FullConfig) {
  await seedRoleUsers();
  // The console talks to the sandbox npm test started, as the sandbox's default merchant.
  await withPg(process.env.DATABASE_URL!, (client) =>
    seedSandboxCredentials(client, keyringOrThrow(process.env), {
      privateKey: "sk_sandbox_default_private_key",
      customsToken: "ct_sandbox_default",
      webhookSecret: "whsec_sandbox_default",
    }),
  );
  const { baseURL } = config.projects[0]!.use;
  for (const role of ROLES) {
    const file = storageStateFor(role);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(await sessionState(ROLE_USERS[role].email, baseURL!)));
  }
}
