import { randomUUID } from "node:crypto";
import type { Permission } from "../../lib/platform/auth/permissions";

// Field-level rows of the route-coverage check (issue 30, item 6): reading a resource does not
// give every field of it. Each row names a view, the seeded secret it must not show, and the
// permission that covers that secret ("nobody": no role reads it there). The e2e suite
// (security-routes.spec.ts) checks every row for every role; lib/ledger/fields.test.ts is its
// unit twin for the API rows. No mocks: the seed is real rows, the answer the real handler's.

export type FieldSeed = { chargeId: string; consumer: string; vaultToken: string; chargeToken: string };
export type FieldRow = {
  kind: "api" | "page";
  /** The path with {chargeId}, {consumer}, {vaultToken} placeholders. */
  path: string;
  secret: "vaultToken" | "chargeToken";
  permission: Permission | "nobody";
  /** The permission the view itself demands (a role without it gets 403, the route rows' job). */
  view: Permission;
};

export const FIELD_ROWS: FieldRow[] = [
  {
    kind: "api",
    path: "/api/transactions/{chargeId}",
    secret: "vaultToken",
    permission: "vault.read",
    view: "transactions.read",
  },
  {
    kind: "api",
    path: "/api/transactions/{chargeId}",
    secret: "chargeToken",
    permission: "charges.create",
    view: "transactions.read",
  },
  {
    kind: "api",
    path: "/api/transactions?q={chargeId}",
    secret: "vaultToken",
    permission: "nobody",
    view: "transactions.read",
  },
  {
    kind: "api",
    path: "/api/transactions?q={chargeId}",
    secret: "chargeToken",
    permission: "nobody",
    view: "transactions.read",
  },
  {
    kind: "api",
    path: "/api/transactions/export.csv?q={chargeId}",
    secret: "vaultToken",
    permission: "nobody",
    view: "transactions.read",
  },
  {
    kind: "api",
    path: "/api/customers/{consumer}",
    secret: "vaultToken",
    permission: "vault.read",
    view: "transactions.read",
  },
  {
    kind: "page",
    path: "/transactions/{chargeId}",
    secret: "vaultToken",
    permission: "vault.read",
    view: "transactions.read",
  },
  {
    kind: "page",
    path: "/transactions/{chargeId}",
    secret: "chargeToken",
    permission: "charges.create",
    view: "transactions.read",
  },
  {
    kind: "page",
    path: "/customers/{consumer}",
    secret: "vaultToken",
    permission: "vault.read",
    view: "transactions.read",
  },
  {
    kind: "page",
    // The hits name the charge, never its card's token (the token's own hit needs vault.read).
    path: "/search?q={chargeId}",
    secret: "vaultToken",
    permission: "nobody",
    view: "transactions.read",
  },
];

export const fieldPath = (row: FieldRow, s: FieldSeed) =>
  row.path
    .replace("{chargeId}", encodeURIComponent(s.chargeId))
    .replace("{consumer}", encodeURIComponent(s.consumer))
    .replace("{vaultToken}", encodeURIComponent(s.vaultToken));

/** An initiated card charge paid with a stored card, its consumer, and the card on the vault page. */
export async function seedFieldRows(query: (text: string, values: unknown[]) => Promise<unknown>): Promise<FieldSeed> {
  const run = randomUUID().replace(/-/g, "").slice(0, 12);
  const s: FieldSeed = {
    chargeId: `fld${run}`,
    consumer: `cust-fld-${run}`,
    vaultToken: `vt_fld_${run}`,
    chargeToken: `ct_fld_${run}`,
  };
  const payload = {
    object: "charge",
    id: s.chargeId,
    charge_token: s.chargeToken,
    payment: { method: "card", token: s.vaultToken },
  };
  await query(
    `INSERT INTO ledger_transactions (id, type, reference, status, amount, currency, method, pan_masked, vault_token, charge_token, consumer_reference, time_created, payload, source, updated_at)
     VALUES ($1, 'charge', $2, 'initiated', 1500, 'USD', 'card', '411111******1111', $3, $4, $5, now(), $6, 'console', now())`,
    [s.chargeId, `ref-${s.chargeId}`, s.vaultToken, s.chargeToken, s.consumer, JSON.stringify(payload)],
  );
  await query(
    `INSERT INTO vault_tokens (token, method, brand, pan_masked, status, consumer_reference, source, updated_at)
     VALUES ($1, 'card', 'visa', '411111******1111', 'active', $2, 'charge', now())`,
    [s.vaultToken, s.consumer],
  );
  return s;
}
