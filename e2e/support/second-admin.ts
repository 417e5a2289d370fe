import type { Browser } from "@playwright/test";
import { createUser, retireAdmin } from "./users";
import { signInOk } from "./sign-in";

/**
 * Another admin, signed in in their own browser context, for the two-admin rule
 * (lib/pending-changes): changes that loosen a control wait for them. `done()` retires
 * them (retireAdmin), so later specs see the one admin they expect.
 */
export async function secondAdmin(browser: Browser, baseURL: string) {
  const admin = await createUser("admin", "second-admin");
  // A context of its own: the runner would otherwise hand it the spec's signed-in storage state.
  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await signInOk(page, admin.email);
  return {
    ...admin,
    page,
    request: context.request,
    done: async () => {
      await context.close();
      await retireAdmin(admin.email);
    },
  };
}
