import { currencyDigits } from "@/lib/platform/money";
import { containsPattern } from "@/lib/platform/api/list-params";

/** Shorter fragments cannot use a trigram index: below this only whole values match. */
export const MIN_FRAGMENT = 3;

/** A card's last four as people write it: "4242", "*4242", "•••• 4242". */
export function lastFourOf(text: string): string | null {
  const m = /^[*•xX.\s-]*(\d{4})$/.exec(text.trim());
  return m ? m[1]! : null;
}

function amountParts(text: string): { whole: string; fraction: string } | null {
  const t = text.trim();
  const grouped = /^(\d{1,3}(?:[,\s]\d{3})+)(?:\.(\d+))?$/.exec(t);
  if (grouped) return { whole: grouped[1]!.replace(/[,\s]/g, ""), fraction: grouped[2] ?? "" };
  const plain = /^(\d{1,15})(?:[.,](\d+))?$/.exec(t);
  return plain ? { whole: plain[1]!, fraction: plain[2] ?? "" } : null;
}

const byDigits = (() => {
  const groups = new Map<number, string[]>();
  for (const c of Intl.supportedValuesOf?.("currency") ?? []) {
    const d = currencyDigits(c);
    if (d !== 2) groups.set(d, [...(groups.get(d) ?? []), c]);
  }
  for (const c of ["JPY", "KRW"]) if (!groups.get(0)?.includes(c)) groups.set(0, [...(groups.get(0) ?? []), c]);
  return groups;
})();

export type AmountCandidate = { minor: number; currencies: string[]; except?: string[] };

/** The minor-unit amounts a typed amount can be. */
export function amountCandidates(text: string): AmountCandidate[] {
  const parts = amountParts(text);
  if (!parts) return [];
  const out: AmountCandidate[] = [];
  const minorFor = (digits: number) => {
    if (parts.fraction.length > digits) return null;
    const minor = BigInt(parts.whole) * 10n ** BigInt(digits) + BigInt(parts.fraction.padEnd(digits, "0") || "0");
    return minor > 0n && minor <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(minor) : null;
  };
  const others = [...byDigits.values()].flat();
  const two = minorFor(2);
  if (two !== null) out.push({ minor: two, currencies: [], except: others });
  for (const [digits, currencies] of byDigits) {
    const minor = minorFor(digits);
    if (minor !== null) out.push({ minor, currencies });
  }
  return out;
}

/** The SQL condition for a search text over ledger_transactions, with `p` adding a parameter. */
export function searchCondition(q: string, p: (v: unknown) => string): string {
  const exact = p(q);
  const branches = [`id = ${exact}`];
  if (q.length >= MIN_FRAGMENT) {
    const pattern = p(containsPattern(q));
    branches.push(
      `reference ILIKE ${pattern}`,
      `consumer_reference ILIKE ${pattern}`,
      `customer_email ILIKE ${pattern}`,
    );
  } else branches.push(`reference = ${exact}`, `consumer_reference = ${exact}`);
  const four = lastFourOf(q);
  if (four) branches.push(`card_last4 = ${p(four)}`);
  for (const a of amountCandidates(q)) {
    const currency = a.except
      ? `NOT (currency = ANY(${p(a.except)}::text[]))`
      : `currency = ANY(${p(a.currencies)}::text[])`;
    branches.push(`(amount = ${p(a.minor)} AND ${currency})`);
  }
  return `(${branches.join(" OR ")})`;
}
