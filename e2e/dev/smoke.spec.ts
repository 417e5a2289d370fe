import { expect, test } from "@playwright/test";
import { keyringOrThrow } from "../../lib/platform/secrets/crypto";
import { putSecret } from "../../scripts/lib/secrets";
import { withPg } from "../../scripts/lib/users";
import { createUser, databaseUrl, sql } from "../support/users";
import { signInOk } from "../support/sign-in";
import { sandboxCharge } from "../support/sandbox";
import { SANDBOX_SECRET, signed } from "../support/webhooks";

// `npm run dev` runs the same server as production (dist/server.mjs with --dev): the same
// webhook intake, the same workers, the same checks — only Next compiles pages on demand.

test("a finance user signs in and reads the transactions, in development mode", async ({ page }) => {
  const user = await createUser("finance", "dev-smoke");
  await signInOk(page, user.email);
  await page.goto("/transactions");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Transactions");
  expect((await page.request.get("/api/transactions")).status()).toBe(200);
});

test("notifications go through the same intake and workers as in production", async ({ request }) => {
  // The webhook secret the sandbox signs with, as Settings would store it (sealed). A new
  // secret is announced on the bus by the console's own writes; this one is written behind
  // its back, so the intake takes it up within its one-second fallback.
  await withPg(databaseUrl(), (c) =>
    putSecret(c, keyringOrThrow(process.env), "webhook.secret", SANDBOX_SECRET, "e2e"),
  );
  await new Promise((r) => setTimeout(r, 1100));
  const c = await sandboxCharge({
    reference: `e2e-dev-${Date.now().toString(36)}`,
    amount: 4321,
    currency: "USD",
    autoCapture: true,
  });
  const good = signed({
    id: c.id,
    transaction_type: "charge",
    reference: c.reference,
    amount: 4321,
    currency: "USD",
    status: "succeeded",
    time_completed: new Date().toISOString(),
    amount_captured: "4321",
    amount_refunded: "",
  });
  const forged = { ...good, amount: 1, sign: "0".repeat(64) };
  expect((await request.post("/api/webhooks/upi", { data: forged })).status()).toBe(200);
  expect((await request.post("/api/webhooks/upi", { data: good })).status()).toBe(200);
  await expect(async () => {
    const rows = await sql<{ verification: string; apply_state: string }>(
      "SELECT verification, apply_state FROM webhook_notifications WHERE transaction_id = $1 ORDER BY id",
      [c.id],
    );
    // The forged one is kept and never applied (dev once applied every non-rejected one).
    expect(rows.map((r) => [r.verification, r.apply_state])).toEqual([
      ["rejected", "rejected"],
      ["verified", "applied"],
    ]);
  }).toPass({ timeout: 15_000 });
  const [row] = await sql<{ amount: string }>("SELECT amount::text FROM ledger_transactions WHERE id = $1", [c.id]);
  expect(row?.amount).toBe("4321");
});
