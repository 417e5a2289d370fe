import type pg from "pg";
import { maskPan } from "@/lib/ledger";
import type { Outcome } from "./ledger-rows";
import type { Values } from "./verify";

/** A vault notification (success) adds the token to the vault page: masked pan only. */
export async function applyVault(client: pg.PoolClient, v: Values): Promise<Outcome> {
  if (v.status!.toLowerCase() !== "success") return { state: "unchanged", detail: `Vault ${v.status}: recorded.` };
  let payment: { type?: string; data?: { pan?: string; expiry?: string } } = {};
  try {
    payment = v.payment ? JSON.parse(v.payment) : {};
  } catch {
    // the raw notification is kept; the token is still worth listing
  }
  const pan = payment.data?.pan ?? null;
  const { rowCount } = await client.query(
    `INSERT INTO vault_tokens (token, reference, method, brand, pan_masked, expiry, status, source, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'active', 'webhook', now()) ON CONFLICT (token) DO NOTHING`,
    [
      v.id,
      v.reference || null,
      v.payment_method || null,
      payment.type ?? null,
      pan && /\d{12,}/.test(pan) ? maskPan(pan) : pan,
      payment.data?.expiry ?? null,
    ],
  );
  return rowCount
    ? { state: "applied", detail: "Token added to the vault list." }
    : { state: "unchanged", detail: "Token already known." };
}
