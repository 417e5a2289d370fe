import { describe, expect, it } from "vitest";
import { updateSettings } from "@/lib/platform/settings/service";
import { credentialStatus } from "@/lib/settings/credentials";
import { secretsKeyring } from "@/lib/platform/config";
import { pool } from "@/lib/platform/db";
import { webhookSecretCheck } from "@/server/check-webhook-secret";
import { receive } from "./ingest";
import { now, setUpWebhookSandbox, signedJson, uid } from "@/test/webhooks-harness";
import { SANDBOX_WEBHOOK_SECRET, webhookKeysChanged } from "@/lib/settings/webhook-keys";

// Issue 30 item 10: the sandbox's published webhook secret verifies nothing outside the
// bundled sandbox. Real PostgreSQL, the sandbox over HTTP, the receiver as the route calls it.

setUpWebhookSandbox({ secret: SANDBOX_WEBHOOK_SECRET });

const note = () =>
  signedJson({
    id: `ch-${uid()}`,
    transaction_type: "charge",
    reference: `r-${uid()}`,
    amount: 100,
    currency: "USD",
    status: "succeeded",
    time_created: now(),
    time_completed: now(),
    payment_method: "card",
  });
const received = (body: string) => receive({ contentType: "application/json", body, ip: "127.0.0.1" });

describe("the well-known webhook secret", () => {
  it("verifies while the payment base URL is the local sandbox", async () => {
    expect(await received(note())).toMatchObject({ status: 200, verification: "verified" });
    expect((await credentialStatus()).wellKnownWebhookSecret).toBe(false);
    expect(await webhookSecretCheck(pool, secretsKeyring(), false)).toBe("ok");
  });

  it("never verifies once the console points at another payment base URL: confirmed by inquiry instead", async () => {
    await updateSettings({ upiBaseUrl: "https://api.payments.example" }, "test", { production: false });
    webhookKeysChanged();
    expect(await received(note())).toMatchObject({ status: 200, verification: "unverifiable", direct: false });
    // Settings says a real secret is needed; the server warns at start, and production refuses to start.
    expect((await credentialStatus()).wellKnownWebhookSecret).toBe(true);
    expect(await webhookSecretCheck(pool, secretsKeyring(), false)).toBe("warn");
    expect(await webhookSecretCheck(pool, secretsKeyring(), true)).toBe("refuse");
  });
});
