import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import type { Role } from "../lib/platform/auth/permissions";
import { storageStateFor } from "./support/users";

// A record's page for an id nobody has is a real 404 (before, each section's loading skeleton
// streamed first and the "not found" page came with HTTP 200); a person whose role may not read
// the section gets 403 whether or not the id exists, so a refusal tells nothing about ids.

const UNKNOWN: [string, Role, string][] = [
  ["a transaction", "finance", "/transactions/ch_no_such_charge_e2e"],
  ["a chargeback case", "manager", "/chargebacks/cb_no_such_case_e2e"],
  ["a declaration", "ops", `/customs/${randomUUID()}`],
  ["a stored card", "finance", "/vault/tok_no_such_token_e2e"],
  ["a customer", "finance", "/customers/no-such-customer-e2e"],
];

for (const [what, role, path] of UNKNOWN) {
  test.describe(`${what} that does not exist`, () => {
    test.use({ storageState: storageStateFor(role) });
    test(`answers 404 with the not-found page (${path.split("/")[1]})`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    });
  });
}

test.describe("a section the role may not read", () => {
  test.use({ storageState: storageStateFor("finance") });
  test("answers 403 for an unknown declaration as for a real one", async ({ page }) => {
    const response = await page.goto(`/customs/${randomUUID()}`);
    expect(response?.status()).toBe(403);
  });
});
