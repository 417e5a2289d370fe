// Seeds N captured USD card charges for the refund-batch and reconciliation benchmarks, fast:
// one real charge made at an in-process sandbox and imported into the ledger, then cloned N
// times into the sandbox's state (plain objects) and into ledger_transactions (one INSERT …
// SELECT). Ids are 22 digits like the sandbox's own; `unseed` removes the ledger side.
import { startSandbox, type Sandbox } from "../../sandbox/server";
import { serverToken } from "../../sandbox/dev-client";
import type { Charge } from "../../sandbox/state";
import { db } from "../../lib/platform/db";
import { overrideConfigForTests } from "../../lib/platform/config";
import { importTransaction } from "../../lib/ledger/service";
import { actorFor, type StaffUser } from "../../lib/platform/auth/actor";
import { SECRET_NAMES, writeSecret } from "../../lib/platform/secrets/store";
import { staffOf } from "@/test/staff";

export const benchUser: StaffUser = staffOf({
  id: "00000000-0000-4000-8000-0000000be7c4",
  email: "bench@example.com",
  name: "Bench",
  role: "finance",
});

export type Seeded = { sandbox: Sandbox; token: string; ids: string[]; prefix: string };

export async function seedCharges(n: number): Promise<Seeded> {
  const sandbox = await startSandbox({ dataDir: null });
  overrideConfigForTests({
    UPI_BASE_URL: sandbox.url,
    CUSTOMS_BASE_URL: sandbox.url,
    RECONCILE_FIRST_CHECK_SECONDS: "3600",
  });
  await writeSecret(SECRET_NAMES.privateKey, "sk_sandbox_default_private_key");
  await db.user.upsert({
    where: { id: benchUser.id },
    create: { ...benchUser, passwordHash: "not-a-hash" },
    update: {},
  });
  const token = await serverToken(sandbox.url);
  const res = await fetch(`${sandbox.url}/v1/charges`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({
      transaction: {
        reference: `bench-template-${Date.now()}`,
        amount: 5000,
        currency: "USD",
        country: "US",
        auto_capture: true,
      },
      payment: { method: "card", data: { pan: "4111111111111111", expiry: "12/30", cvv: "123" } },
    }),
  });
  const template = (await res.json()).data.id as string;
  await importTransaction(template, actorFor(benchUser));
  const prefix = `9${String(Date.now() % 1_000_000).padStart(6, "0")}`;
  const ids = Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(15, "0")}`);
  const model = sandbox.store.state.transactions[template] as Charge;
  for (const [i, id] of ids.entries())
    sandbox.store.state.transactions[id] = {
      ...model,
      id,
      reference: `bench-${prefix}-${i}`,
      chargeToken: `chg_${id}`,
      captureIds: [],
      refundIds: [],
      chargebackIds: [],
    };
  const cols = (
    await db.$queryRaw<{ c: string }[]>`
      SELECT column_name::text AS c FROM information_schema.columns WHERE table_name = 'ledger_transactions' ORDER BY ordinal_position`
  ).map((r) => r.c);
  const value = (c: string) =>
    ({
      id: "s.id",
      reference: `'bench-${prefix}-' || (s.n - 1)`,
      charge_token: "'chg_' || s.id",
      created_at: "now()",
      updated_at: "now()",
      time_created: "now()",
    })[c] ?? `t.${c}`;
  await db.$executeRawUnsafe(
    `INSERT INTO ledger_transactions (${cols.join(", ")})
     SELECT ${cols.map(value).join(", ")} FROM ledger_transactions t, unnest($1::text[]) WITH ORDINALITY AS s(id, n)
      WHERE t.id = $2`,
    ids,
    template,
  );
  await db.$executeRawUnsafe(`DELETE FROM ledger_transactions WHERE id = $1`, template);
  delete sandbox.store.state.transactions[template];
  await db.$executeRawUnsafe("ANALYZE ledger_transactions");
  return { sandbox, token, ids, prefix };
}

export async function unseed(s: Seeded) {
  await db.$executeRawUnsafe(`DELETE FROM ledger_transactions WHERE id LIKE $1 OR parent_id LIKE $1`, `${s.prefix}%`);
  await s.sandbox.close();
}

export const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
