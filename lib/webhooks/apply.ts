import type pg from "pg";
import { applyChargeback } from "./apply-chargebacks";
import { applyCharge } from "./apply-charges";
import { applyPayByLink } from "./apply-pay-by-link";
import { applyRefund } from "./apply-refunds";
import { applyVault } from "./apply-vault";
import type { Outcome } from "./ledger-rows";
import {
  finalChargebackOutcome,
  needsCharge,
  needsInquiry,
  signedValues,
  unsignedEssentials,
  type Values,
} from "./verify";

export type Stored = {
  id: string;
  fields: Values;
  verification: string;
  apply_state: string;
  transaction_type: string | null;
};
export type Decided = { state: string; detail: string; tiedTo: string | null };

/** What one stored notification does, inside the caller's transaction with its row locked. */
export async function applyNotification(client: pg.PoolClient, n: Stored, confirmed?: Values): Promise<Decided> {
  let outcome: Outcome | { state: "rejected" | "unconfirmed"; detail: string };
  const missing = n.verification.startsWith("verified") ? unsignedEssentials(n.fields) : [];
  if (n.verification === "rejected")
    outcome = { state: "rejected", detail: "The signature did not match: not applied." };
  else if (n.verification === "unverifiable" && !confirmed)
    outcome = {
      state: "unconfirmed",
      detail: "No webhook secret is configured: waiting for an inquiry to confirm it.",
    };
  else if (missing.length && !confirmed)
    outcome = {
      state: "unconfirmed",
      detail: `Signed without ${missing.join(", ")}: waiting for an inquiry to confirm it.`,
    };
  else if (finalChargebackOutcome(n.fields) && !confirmed)
    outcome = {
      state: "unconfirmed",
      detail: "A chargeback's final outcome: waiting for the inquiry of its charge to confirm it.",
    };
  else if (needsInquiry(n.verification, n.fields) && !confirmed)
    outcome = { state: "unconfirmed", detail: "Signed with the MD5 scheme: waiting for an inquiry to confirm it." };
  else if (needsCharge(n.fields) && !confirmed)
    outcome = { state: "unconfirmed", detail: "Names no charge: waiting for an inquiry of its charge to tie it." };
  else {
    const v = confirmed ?? signedValues(n.fields);
    const type = confirmed ? (confirmed.transaction_type ?? null) : n.transaction_type;
    outcome =
      type === "charge"
        ? await applyCharge(client, v, n.id)
        : type === "refund"
          ? await applyRefund(client, v, n.id)
          : type === "chargeback"
            ? await applyChargeback(client, v, n.id)
            : type === "vault"
              ? await applyVault(client, v)
              : type === "pay_by_link"
                ? await applyPayByLink(client, v, n.id)
                : { state: "unchanged", detail: `Unknown transaction_type “${type}”: recorded, not applied.` };
    if (confirmed && outcome.state === "applied")
      outcome = { ...outcome, detail: `Confirmed by inquiry. ${outcome.detail}` };
  }
  const tiedTo = confirmed?.parent_id && /^[\w-]{1,64}$/.test(confirmed.parent_id) ? confirmed.parent_id : null;
  return {
    state: confirmed && outcome.state === "applied" ? "confirmed" : outcome.state,
    detail: outcome.detail,
    tiedTo,
  };
}
