import { beforeEach, expect, it } from "vitest";
import { db, pool } from "@/lib/platform/db";
import { actorFor, type StaffUser } from "@/lib/platform/auth/actor";
import { readSecret, SECRET_NAMES, writeSecret } from "@/lib/platform/secrets/store";
import { secretsKeyring } from "@/lib/platform/config";
import { loadKeys, SANDBOX_WEBHOOK_SECRET } from "./webhook-keys";
import { setCredential } from "./credentials";
import { staffOf } from "@/test/staff";

// Issue 48, item 10: the sandbox's published secret, replaced by a real one, stayed valid for
// 24 hours as the "previous" secret — anyone could sign a notification with it meanwhile.
const admin: StaffUser = staffOf({
  id: "00000000-0000-4000-8000-0000000000a7",
  email: "a7@example.com",
  name: "A",
  role: "admin",
});
const as = actorFor(admin, { ip: "127.0.0.1", userAgent: "vitest" });
const keys = () => loadKeys(pool, secretsKeyring());

beforeEach(async () => {
  await db.secret.deleteMany({ where: { name: { startsWith: "webhook." } } });
});

it("replacing the sandbox's published secret ends it at once: it is never kept as previous", async () => {
  await writeSecret(SECRET_NAMES.webhookSecret, SANDBOX_WEBHOOK_SECRET, { by: "local mode" });
  await setCredential("webhook-secret", { value: "whsec_the_merchants_own_1" }, as);
  expect(await readSecret(SECRET_NAMES.webhookSecretPrevious)).toBeNull();
  expect(await keys()).toMatchObject({ secret: "whsec_the_merchants_own_1", previousSecret: null });
});

it("a published secret a database kept as previous from before never verifies", async () => {
  await writeSecret(SECRET_NAMES.webhookSecret, "whsec_the_merchants_own_2", { by: "admin" });
  await writeSecret(SECRET_NAMES.webhookSecretPrevious, SANDBOX_WEBHOOK_SECRET, {
    by: "admin",
    meta: { expiresAt: new Date(Date.now() + 3_600_000).toISOString() },
  });
  expect((await keys()).previousSecret).toBeNull();
});

it("a real secret rotated is still kept as previous through the rotation", async () => {
  await writeSecret(SECRET_NAMES.webhookSecret, "whsec_the_merchants_own_3", { by: "admin" });
  await setCredential("webhook-secret", { value: "whsec_the_merchants_own_4" }, as);
  expect(await keys()).toMatchObject({
    secret: "whsec_the_merchants_own_4",
    previousSecret: "whsec_the_merchants_own_3",
  });
});
