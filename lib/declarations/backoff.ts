/** Statuses after which Customs changes nothing more. */
export const FINAL_CUSTOMS_STATUSES = ["SUCCESS", "EXCEPT", "CORRECTED"] as const;
export const isFinalStatus = (status: string | null | undefined) =>
  (FINAL_CUSTOMS_STATUSES as readonly string[]).includes(status ?? "");

const DELAYS_S = [60, 5 * 60, 15 * 60, 3600];
const LAST_DELAY_S = 6 * 3600;
export const followDelaySeconds = (checks: number) => DELAYS_S[checks] ?? LAST_DELAY_S;

/** When to ask next after `checks` inquiries; null once the status is final. */
export function nextCheckAt(checks: number, status: string | null | undefined, now = new Date()): Date | null {
  return isFinalStatus(status) ? null : new Date(now.getTime() + followDelaySeconds(checks) * 1000);
}
