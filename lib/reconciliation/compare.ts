import { FINAL_RANK, statusRank } from "@/lib/ledger";
import { statusRank as chargebackRank } from "@/lib/upi/shared";

// What a reconciliation run finds on one charge.

export type ExceptionKind =
  | "applied"
  | "provider_behind"
  | "contradiction"
  | "unknown_refund"
  | "unknown_chargeback"
  | "missing_at_provider";

/** One side of a difference: values only (a status, an amount in minor units), worded when read. */
export type Said = { status?: string; amount?: number | null; present?: boolean };

export type Difference = { kind: ExceptionKind; subject: string; ledger: Said; provider: Said };

export type Child = { id: string; status: string; amount: number; reference?: string | null };
export type Side = {
  status: string;
  amount: number;
  currency: string;
  captured: number | null;
  refunded: number | null;
  cny: number | null;
  captures: Child[];
  refunds: Child[];
  chargebacks: Child[];
};

/** The ledger's view adds what the console itself asked for: its refunds' ids and references. */
export type LedgerSide = Side & { consoleRefunds: ReadonlySet<string> };

const SETTLED = "succeeded";

function statusDiff(subject: string, ledger: string, provider: string): Difference | null {
  if (ledger === provider) return null;
  const [l, p] = [statusRank(ledger), statusRank(provider)];
  const d = { subject, ledger: { status: ledger }, provider: { status: provider } };
  if (p > l) return { kind: "applied", ...d };
  if (p < l) return { kind: "provider_behind", ...d };
  return { kind: l === FINAL_RANK ? "contradiction" : "applied", ...d };
}

function amountDiff(subject: string, ledger: number | null, provider: number | null): Difference | null {
  if (provider === null || ledger === provider) return null;
  const d = { subject, ledger: { amount: ledger }, provider: { amount: provider } };
  return (ledger ?? 0) < provider ? { kind: "applied", ...d } : { kind: "provider_behind", ...d };
}

function childDiffs(
  list: "capture" | "refund",
  ledger: Child[],
  provider: Child[],
  ours: (c: Child) => boolean,
): Difference[] {
  const out: Difference[] = [];
  const known = new Map(ledger.map((c) => [c.id, c]));
  const there = new Set(provider.map((c) => c.id));
  for (const p of provider) {
    const l = known.get(p.id);
    const subject = `${list}:${p.id}`;
    const said = { status: p.status, amount: p.amount };
    if (!ours(p))
      out.push({
        kind: "unknown_refund",
        subject,
        ledger: l ? { present: true, status: l.status, amount: l.amount } : { present: false },
        provider: said,
      });
    if (!l) {
      if (ours(p)) out.push({ kind: "applied", subject, ledger: { present: false }, provider: said });
      continue;
    }
    const s = statusDiff(subject, l.status, p.status);
    if (s) out.push({ ...s, ledger: { ...s.ledger, amount: l.amount }, provider: { ...s.provider, amount: p.amount } });
    else if (l.amount !== p.amount)
      out.push({
        kind: "contradiction",
        subject,
        ledger: { status: l.status, amount: l.amount },
        provider: { status: p.status, amount: p.amount },
      });
  }
  for (const l of ledger)
    if (!there.has(l.id) && l.status === SETTLED)
      out.push({
        kind: "missing_at_provider",
        subject: `${list}:${l.id}`,
        ledger: { status: l.status, amount: l.amount },
        provider: { present: false },
      });
  return out;
}

function chargebackDiffs(ledger: Child[], provider: Child[]): Difference[] {
  const out: Difference[] = [];
  const known = new Map(ledger.map((c) => [c.id, c]));
  const there = new Set(provider.map((c) => c.id));
  for (const p of provider) {
    const l = known.get(p.id);
    const subject = `chargeback:${p.id}`;
    const said = { status: p.status, amount: p.amount };
    if (!l) out.push({ kind: "unknown_chargeback", subject, ledger: { present: false }, provider: said });
    else if (l.status !== p.status) {
      const ahead = chargebackRank(p.status) > chargebackRank(l.status);
      out.push({ kind: ahead ? "applied" : "provider_behind", subject, ledger: { status: l.status }, provider: said });
    }
  }
  for (const l of ledger)
    if (!there.has(l.id))
      out.push({
        kind: "missing_at_provider",
        subject: `chargeback:${l.id}`,
        ledger: { status: l.status, amount: l.amount },
        provider: { present: false },
      });
  return out;
}

/** Every difference between the ledger and the provider on one charge. */
export function compareCharge(ledger: LedgerSide, provider: Side): Difference[] {
  const out: Difference[] = [];
  const push = (d: Difference | null) => d && out.push(d);
  if (ledger.currency !== provider.currency)
    push({
      kind: "contradiction",
      subject: "currency",
      ledger: { status: ledger.currency },
      provider: { status: provider.currency },
    });
  if (ledger.amount !== provider.amount)
    push({
      kind: "contradiction",
      subject: "amount",
      ledger: { amount: ledger.amount },
      provider: { amount: provider.amount },
    });
  push(statusDiff("status", ledger.status, provider.status));
  push(amountDiff("captured", ledger.captured, provider.captured));
  push(amountDiff("refunded", ledger.refunded, provider.refunded));
  if (provider.cny !== null && ledger.cny !== provider.cny)
    push({
      kind: ledger.cny === null ? "applied" : "contradiction",
      subject: "cny_amount",
      ledger: { amount: ledger.cny },
      provider: { amount: provider.cny },
    });
  out.push(...childDiffs("capture", ledger.captures, provider.captures, () => true));
  const ours = (c: Child) =>
    ledger.consoleRefunds.has(c.id) || (!!c.reference && ledger.consoleRefunds.has(c.reference));
  out.push(...childDiffs("refund", ledger.refunds, provider.refunds, ours));
  out.push(...chargebackDiffs(ledger.chargebacks, provider.chargebacks));
  return out;
}

/** Whether the charge itself disagrees (its currency or amount): then nothing is applied to it. */
export const contradictsIdentity = (diffs: Difference[]) =>
  diffs.some((d) => d.kind === "contradiction" && (d.subject === "currency" || d.subject === "amount"));

/** Whether the provider told something the ledger takes (the refresh's forward-only write). */
export const hasNews = (diffs: Difference[]) =>
  diffs.some((d) => d.kind === "applied" || d.kind === "unknown_refund" || d.kind === "unknown_chargeback");
