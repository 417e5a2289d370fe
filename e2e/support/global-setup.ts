import { chromium, type FullConfig } from "@playwright/test";
import { ROLES } from "../../lib/platform/auth/permissions";
import { ROLE_USERS, seedRoleUsers, storageStateFor } from "./users";
import { signInOk } from "./sign-in";
import { seedSandboxCredentials, keyringOrThrow } from "../../scripts/lib/secrets";
import { withPg } from "../../scripts/lib/users";

// Seeds one user per role and signs each in once; specs reuse the saved sessions.
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
  const { baseURL, launchOptions } = config.projects[0]!.use;
  const browser = await chromium.launch(launchOptions);
  try {
    for (const role of ROLES) {
      const page = await browser.newPage({ baseURL });
      await signInOk(page, ROLE_USERS[role].email);
      await page.context().storageState({ path: storageStateFor(role) });
      await page.close();
    }
  } finally {
    await browser.close();
  }
}
