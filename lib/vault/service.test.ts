import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { overrideConfigForTests } from "@/lib/platform/config";
import { db } from "@/lib/platform/db";
import { startSandbox, type Sandbox } from "@/sandbox/server";
import { SECRET_NAMES, writeSecret } from "@/lib/platform/secrets/store";
import { stopBoss } from "@/lib/platform/jobs/boss";
import { actorFor, type StaffUser } from "@/lib/platform/auth/actor";
import { OutcomeUnknown } from "@/lib/platform/errors";
import { vaultAddSchema } from "./schemas";
import { addToken } from "./service";
import { staffOf } from "@/test/staff";

// Issue 48: the service stored the card, the console failed to record it, and the person got a
// 500 saying nothing was done. Unknown instead; the same key records the card by inquiry.
let sandbox: Sandbox;
const carol: StaffUser = staffOf({
  id: "00000000-0000-4000-8000-0000000000c3",
  email: "carol@example.com",
  name: "Carol",
  role: "finance",
});
const actor = actorFor(carol, { ip: "127.0.0.1", userAgent: "vitest" });

beforeAll(async () => {
  sandbox = await startSandbox({ dataDir: null });
  overrideConfigForTests({ UPI_BASE_URL: sandbox.url, CUSTOMS_BASE_URL: sandbox.url });
});
afterAll(async () => {
  await stopBoss();
  await sandbox.close();
});
beforeEach(async () => {
  await db.secret.deleteMany();
  await writeSecret(SECRET_NAMES.privateKey, "sk_sandbox_default_private_key");
});

it("a card the service stored and the console failed to record is unknown, never failed; the same key records it without adding it twice", async () => {
  const reference = `refuse-vt-${Date.now()}`;
  const input = vaultAddSchema.parse({
    reference,
    card: { pan: "4111111111111111", expiry: "12/30", cvv: "123", firstName: "Li", lastName: "Wei" },
  });
  await db.$executeRawUnsafe(`CREATE OR REPLACE FUNCTION test_refuse_vault() RETURNS trigger LANGUAGE plpgsql AS
    'BEGIN IF NEW.reference LIKE ''refuse-%'' THEN RAISE EXCEPTION ''refused for the test''; END IF; RETURN NEW; END'`);
  await db.$executeRawUnsafe(
    "CREATE TRIGGER test_refuse BEFORE INSERT OR UPDATE ON vault_tokens FOR EACH ROW EXECUTE FUNCTION test_refuse_vault()",
  );
  const key = `vault-key-${Date.now()}`;
  let lost: unknown;
  try {
    lost = await addToken(input, key, actor).catch((e) => e);
  } finally {
    await db.$executeRawUnsafe("DROP TRIGGER test_refuse ON vault_tokens");
  }
  expect(lost).toBeInstanceOf(OutcomeUnknown);
  expect(lost).toMatchObject({ rule: "not_recorded", details: { reference, known: { token: expect.any(String) } } });
  const { token } = (lost as OutcomeUnknown).details!.known as { token: string };
  const audits = await db.auditLog.findMany({ where: { action: "vault.add", targetId: token } });
  expect(audits.map((a) => a.result)).toEqual(["unknown"]);

  const retry = await addToken(input, key, actor);
  expect(retry).toMatchObject({ replayed: false, value: { token, reference } });
  const heard = (await fetch(`${sandbox.url}/__sandbox/requests?path=/v1/vault`).then((r) => r.json())) as {
    method: string;
    body: { reference?: string } | null;
  }[];
  expect(heard.filter((r) => r.method === "POST" && r.body?.reference === reference)).toHaveLength(1);
});
