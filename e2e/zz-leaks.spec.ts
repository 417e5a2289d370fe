import { existsSync, readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { sandboxControl } from "./support/sandbox";
import { ROLE_USERS, totpSecretOf } from "./support/users";

// Runs last (files run in name order, one worker): every response body the console sent
// in this run (test-results/responses.log, recorded by scripts/serve.ts) and every line
// the server logged (test-results/server.log) are searched for secrets and card data.

const CARD_NUMBERS = ["4111111111111111", "4012888888881881", "4242424242424242", "5555555555554444", "4000000000000002", "378282246310005"];

function known(): Record<string, string> {
  const env = process.env;
  return {
    "private key": "sk_sandbox_default_private_key",
    "customs token": "ct_sandbox_default",
    "webhook secret": "whsec_sandbox_default",
    "rotated webhook secret": "whsec_rotated_value_1",
    "wrong private key": "sk_wrong_key_123",
    "attacker's private key": "sk_attacker_value",
    "NEXTAUTH_SECRET": env.NEXTAUTH_SECRET ?? "",
    "SECRETS_KEY": env.SECRETS_KEY ?? "",
    "admin TOTP secret": totpSecretOf(ROLE_USERS.admin.email)!,
    "manager TOTP secret": totpSecretOf(ROLE_USERS.manager.email)!,
    "test password": "e2e-password-123",
  };
}

test("no secret, access token, card number or cvv in any response or log line of the run", async () => {
  const texts = ["test-results/responses.log", "test-results/server.log"].map((file) => {
    expect(existsSync(file), `${file} exists`).toBe(true);
    return [file, readFileSync(file, "utf8")] as const;
  });
  const [, responses] = texts[0]!;
  // The recording is real: it holds the pages and API answers of the whole run.
  expect(responses.length).toBeGreaterThan(100_000);
  expect(responses).toContain("### GET /api/transactions");

  const tokens = (await sandboxControl("GET", "/__sandbox/tokens")) as { token: string }[];
  expect(tokens.length).toBeGreaterThan(0);
  const needles: [string, string][] = [
    ...Object.entries(known()).filter(([, v]) => v.length >= 8),
    ...tokens.map((t, i) => [`access token ${i + 1}`, t.token] as [string, string]),
    ...CARD_NUMBERS.map((pan) => [`card number ${pan.slice(-4)}`, pan] as [string, string]),
  ];
  for (const [file, text] of texts) {
    for (const [label, value] of needles) {
      expect(text.includes(value), `${label} found in ${file}`).toBe(false);
    }
    // A cvv never comes back, under any spelling of the field.
    expect(text, `cvv value in ${file}`).not.toMatch(/"(cvv|cvc|security_code)"\s*:\s*"?\d{3,4}/i);
    expect(text, `cvv value in ${file}`).not.toMatch(/\b(cvv|cvc)=\d{3,4}\b/i);
  }
});
