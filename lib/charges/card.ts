// Card checks the console makes before anything is sent.

export const CARD_MESSAGES = {
  checksum: "validation.charge.panChecksum",
  expired: "validation.charge.expired",
} as const;

/** An expiry "MM/YY" before the current month (a card is good through the end of its month). */
export function cardExpired(expiry: string, now = new Date()): boolean {
  const m = /^(0[1-9]|1[0-2])\/(\d{2})$/.exec(expiry);
  if (!m) return false;
  const year = 2000 + Number(m[2]);
  const month = Number(m[1]);
  return year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1);
}
