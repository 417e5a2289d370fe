import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { deleteSecret, SECRET_NAMES, writeSecret } from "@/lib/platform/secrets/store";
import { TokenManager, tellRenewalFailuresTo } from "@/lib/upi/token-manager";
import { tellRenewalFailed } from "@/lib/notifications/credentials";
import { UpiError } from "@/lib/upi/errors";
import { eventsOf, ids, onlyNewPeople, person } from "@/test/notified";
import { watchPreviousSecret, watchWebhooks } from "./health";

// Issue 35: the admins are told when inbound notifications are rejected or unconfirmed above a
// rate, and when a credential is about to stop working; each step once a day.

const HOUR = 3_600_000;
let n = 0;
async function received(count: number, o: { verification?: string; applyState?: string } = {}) {
  for (let i = 0; i < count; i++)
    await db.webhookNotification.create({
      data: {
        dedupKey: `health-${Date.now()}-${++n}`,
        contentType: "application/x-www-form-urlencoded",
        rawBody: "",
        fields: {},
        verification: o.verification ?? "verified",
        applyState: o.applyState ?? "applied",
      },
    });
}

beforeEach(async () => {
  await db.notificationEvent.deleteMany();
  await db.webhookNotification.deleteMany();
  await deleteSecret(SECRET_NAMES.webhookSecretPrevious);
  await onlyNewPeople("admin");
});
afterAll(() => deleteSecret(SECRET_NAMES.privateKey));

describe("watching what the console depends on", () => {
  it("notifications failing above a rate: the admins, once per step a day; a small hour says nothing", async () => {
    const [a, b] = [await person("admin"), await person("admin")];
    await received(3, { verification: "rejected" });
    expect(await watchWebhooks()).toBeNull(); // 3 of 3, but too few to be a rate
    await received(4, { applyState: "unconfirmed" });
    await received(3);
    expect(await watchWebhooks()).toBe(2); // 7 of 10
    expect(await watchWebhooks()).toBe(2);
    const [told, ...more] = await eventsOf("webhooksFailing");
    expect(more).toEqual([]);
    expect(told).toEqual({
      params: { total: 10, rejected: 3, unconfirmed: 4, failing: 7 },
      link: "/webhooks",
      to: ids(a, b),
    });
    // An hour later with nothing received since: nothing to say.
    expect(await watchWebhooks(Date.now() + HOUR + 1)).toBeNull();
  });

  it("the previous webhook secret ends within a day: the admins, once that day", async () => {
    const admin = await person("admin");
    const ends = new Date(Date.now() + 5 * HOUR);
    await writeSecret(SECRET_NAMES.webhookSecretPrevious, "old-secret-value", {
      meta: { expiresAt: ends.toISOString() },
    });
    expect(await watchPreviousSecret(Date.now() - 20 * HOUR)).toBe(false); // 25 hours before: not yet
    expect(await watchPreviousSecret()).toBe(true);
    expect(await watchPreviousSecret()).toBe(true);
    const told = await eventsOf("credentialsExpiring");
    expect(told).toEqual([
      {
        params: { credential: "webhook_secret_previous", detail: "rotation", expiresAt: ends.toISOString() },
        link: "/settings",
        to: [admin.id],
      },
    ]);
    expect(JSON.stringify(told)).not.toContain("old-secret-value");
  });

  it("a token renewal that fails: the admins, with the error's code only, once that day", async () => {
    const admin = await person("admin");
    await writeSecret(SECRET_NAMES.privateKey, "-----BEGIN PRIVATE KEY-----secret");
    await deleteSecret(SECRET_NAMES.accessToken); // no token held from an earlier file: a renewal is needed
    tellRenewalFailuresTo(tellRenewalFailed); // as a server's start does (instrumentation.ts)
    const failing = new TokenManager(async () => async () => {
      throw new UpiError("unavailable", 503, "upstream said no", "failed");
    });
    await expect(failing.renew(null)).rejects.toBeInstanceOf(UpiError);
    await expect(failing.renew(null)).rejects.toBeInstanceOf(UpiError);
    const told = await eventsOf("credentialsExpiring");
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ params: { credential: "token_renewal", detail: "unavailable" }, to: [admin.id] });
    expect(JSON.stringify(told)).not.toMatch(/PRIVATE KEY|upstream said no/);
  });
});
