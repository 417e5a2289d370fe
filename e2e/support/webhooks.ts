import { type Browser, expect } from "@playwright/test";
import { signSha256 } from "../../sandbox/webhooks";
import { stepUpApi } from "./sign-in";
import { ROLE_USERS, storageStateFor } from "./users";

/** The webhook secret of the sandbox's default merchant, which the sandbox signs with. */
export const SANDBOX_SECRET = "whsec_sandbox_default";

/** A notification as the payment service sends it: every value listed in `fields` and signed (SHA-256 scheme). */
export function signed(values: Record<string, string | number>, secret = SANDBOX_SECRET) {
  const fields = Object.keys(values);
  const body: Record<string, string | number> = { ...values, fields: fields.join(",") };
  body.sign = signSha256(body, fields, secret);
  return body;
}

/**
 * The console verifies with the sandbox's secret again: settings specs rotate it, and the
 * notifications a spec sends (or has the sandbox send) are signed with the sandbox's own.
 */
export async function restoreSandboxSecret(browser: Browser, baseURL: string) {
  const admin = await browser.newContext({ storageState: storageStateFor("admin"), baseURL });
  await stepUpApi(admin.request, baseURL, ROLE_USERS.admin.email);
  const res = await admin.request.put("/api/settings/credentials/webhook-secret", {
    headers: { Origin: baseURL },
    data: { value: SANDBOX_SECRET },
  });
  expect(res.status()).toBe(200);
  await admin.close();
}
