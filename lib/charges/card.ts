// Card checks the console makes before anything is sent: the same in the browser (the form
// validates with the server's schema) and on the server, each with its own message (a catalog
// key: lib/platform/i18n/messages/*/validation.json, said in the reader's language).

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
