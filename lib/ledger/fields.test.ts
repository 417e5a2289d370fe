import { beforeAll, describe, expect, it } from "vitest";
import { GET as customer } from "@/app/api/customers/[reference]/route";
import { GET as transaction } from "@/app/api/transactions/[id]/route";
import { GET as exportCsv } from "@/app/api/transactions/export.csv/route";
import { GET as list } from "@/app/api/transactions/route";
import { pool } from "@/lib/platform/db";
import { can, ROLES } from "@/lib/platform/auth/permissions";
import { FIELD_ROWS, type FieldSeed, fieldPath, seedFieldRows } from "@/e2e/support/field-table";
import { getAs, type RouteHandler, signedInAs } from "@/test/route-session";
import { presetOf } from "@/test/staff";

// Issue 30, item 6: ops (no vault.read) read vault tokens through GET /api/transactions/{id}
// (the column and the stored payload's payment.token). The unit twin of the field-level rows
// of e2e/security-routes.spec.ts: every API row, every role that may open the view, through
// the real handlers with a real session.

const HANDLERS: Record<string, { handler: RouteHandler; params: (s: FieldSeed) => Record<string, string> }> = {
  "/api/transactions/{chargeId}": { handler: transaction, params: (s) => ({ id: s.chargeId }) },
  "/api/transactions?q={chargeId}": { handler: list, params: () => ({}) },
  "/api/transactions/export.csv?q={chargeId}": { handler: exportCsv, params: () => ({}) },
  "/api/customers/{consumer}": { handler: customer, params: (s) => ({ reference: s.consumer }) },
};

let seed: FieldSeed;
const cookies = {} as Record<(typeof ROLES)[number], string>;
beforeAll(async () => {
  seed = await seedFieldRows((text, values) => pool.query(text, values));
  for (const role of ROLES) cookies[role] = (await signedInAs(role)).cookie;
});

describe.each(ROLES)("%s reads a field only with the permission that covers it", (role) => {
  const rows = FIELD_ROWS.filter((r) => r.kind === "api" && can(presetOf(role), r.view));
  it.each(rows.map((r) => [`${r.path} ${r.secret} (${r.permission})`, r] as const))("%s", async (_, row) => {
    const { handler, params } = HANDLERS[row.path]!;
    const res = await getAs(handler, cookies[role], fieldPath(row, seed), params(seed));
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text, "the view shows the seeded charge or its customer").toMatch(
      new RegExp(`${seed.chargeId}|${seed.consumer}`),
    );
    const allowed = row.permission !== "nobody" && can(presetOf(role), row.permission);
    expect(text.includes(seed[row.secret]), `${row.secret} in ${row.path} for ${role}`).toBe(allowed);
  });
});
