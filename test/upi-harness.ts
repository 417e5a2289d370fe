import { afterAll, beforeAll, beforeEach } from "vitest";
import { db } from "@/lib/platform/db";
import { startSandbox, type Sandbox } from "@/sandbox/server";
import { SECRET_NAMES, writeSecret } from "@/lib/platform/secrets/store";
import { issueAccessToken } from "@/lib/upi/client";
import { TokenManager } from "@/lib/upi/token-manager";

// Against the sandbox over HTTP and the real PostgreSQL that `npm test` starts.
// What the client-*.test.ts files share; not a test file itself.

let sandbox: Sandbox;
export let config: { baseUrl: string; timeoutMs: number };
export const PRIVATE_KEY = "sk_sandbox_default_private_key";
export const card = { pan: "4111111111111111", expiry: "12/30", cvv: "123", first_name: "Ana", last_name: "Lee" };
let n = 0;
export const ref = (p: string) => `${p}-${Date.now()}-${++n}`;

export function newManager(options: ConstructorParameters<typeof TokenManager>[1] = {}) {
  return new TokenManager(async () => (key) => issueAccessToken(config, key), options);
}
export const control = (path: string, body: unknown) =>
  fetch(`${sandbox.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
export const issuedTokens = () => Object.keys(sandbox.store.state.tokens).length;

/** A sandbox for this test file; before each test only the private key is set, and no fault or clock offset is left. */
export function setUpClientSandbox() {
  beforeAll(async () => {
    sandbox = await startSandbox({ dataDir: null });
    config = { baseUrl: sandbox.url, timeoutMs: 2000 };
  });
  afterAll(() => sandbox.close());
  beforeEach(async () => {
    await db.secret.deleteMany();
    await writeSecret(SECRET_NAMES.privateKey, PRIVATE_KEY);
    await fetch(`${sandbox.url}/__sandbox/faults`, { method: "DELETE" });
    await fetch(`${sandbox.url}/__sandbox/clock/reset`, { method: "POST" });
  });
}
