// Card checks the console makes before anything is sent: the same in the browser (the form
// validates with the server's schema) and on the server, each with its own message.

export const CARD_MESSAGES = {
  checksum: "This card number is not valid — check the digits",
  expired: "This card has expired",
} as const;

/** The Luhn checksum every payment card number carries in its last digit. */
export function luhnValid(pan: string): boolean {
  if (!/^\d+$/.test(pan)) return false;
  let sum = 0;
  for (let i = 0; i < pan.length; i++) {
    let d = Number(pan[pan.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** An expiry "MM/YY" before the current month (a card is good through the end of its month). */
export function cardExpired(expiry: string, now = new Date()): boolean {
  const m = /^(0[1-9]|1[0-2])\/(\d{2})$/.exec(expiry);
  if (!m) return false;
  const year = 2000 + Number(m[2]);
  const month = Number(m[1]);
  return year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1);
}
