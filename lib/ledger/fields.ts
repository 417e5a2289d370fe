import { can, type Permission, type Grants } from "@/lib/platform/auth/permissions";

// Field-level permission of a transaction (issue 30, item 6).

export const TRANSACTION_FIELD_PERMISSIONS = {
  vaultToken: "vault.read",
  chargeToken: "charges.create",
} as const satisfies Record<string, Permission>;

/** The same for keys of the stored payload, wherever they sit (payment.token, captures' payment.token). */
export const PAYLOAD_KEY_PERMISSIONS = {
  token: "vault.read",
  charge_token: "charges.create",
} as const satisfies Record<string, Permission>;

function scrub(value: unknown, who: Grants): unknown {
  if (Array.isArray(value)) return value.map((v) => scrub(v, who));
  if (!value || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const needs = PAYLOAD_KEY_PERMISSIONS[key as keyof typeof PAYLOAD_KEY_PERMISSIONS];
    if (needs && !can(who, needs)) continue;
    out[key] = scrub(v, who);
  }
  return out;
}

/** A transaction as this role may read it: a guarded field is null, a guarded payload key absent. */
export function visibleTransaction<
  T extends { vaultToken: string | null; chargeToken: string | null; payload: unknown },
>(t: T, who: Grants): T {
  return {
    ...t,
    vaultToken: can(who, TRANSACTION_FIELD_PERMISSIONS.vaultToken) ? t.vaultToken : null,
    chargeToken: can(who, TRANSACTION_FIELD_PERMISSIONS.chargeToken) ? t.chargeToken : null,
    payload: scrub(t.payload, who),
  };
}
