// The payment API's chargeback statuses, and how far along the dispute each one is.

export const CHARGEBACK_STATUSES = [
  "Notification of Claim",
  "Request For Information",
  "Information Supplied",
  "Won",
  "Lost",
  "Case Closed",
] as const;
export type ChargebackStatus = (typeof CHARGEBACK_STATUSES)[number];

/** The statuses in which a case waits on the merchant's response: at risk until answered. */
export const AT_RISK_STATUSES: ChargebackStatus[] = ["Notification of Claim", "Request For Information"];
const RANK: Record<string, number> = {
  "Notification of Claim": 0,
  "Request For Information": 1,
  "Information Supplied": 2,
  Won: 3,
  Lost: 3,
  "Case Closed": 4,
};

/** How far a status is along the dispute (Won and Lost alike): orders events of the same second. */
export const statusRank = (status: string) => RANK[status] ?? -1;

/** The spec's status names, whatever their case or spacing. */
export function chargebackStatus(raw: string): ChargebackStatus | null {
  const key = raw
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, " ");
  return CHARGEBACK_STATUSES.find((s) => s.toLowerCase() === key) ?? null;
}
