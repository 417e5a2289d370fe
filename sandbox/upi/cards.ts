import { UpiFailure } from "../envelope";

// Test cards whose charge is declined (4200); every other Luhn-valid number is approved.
export const DECLINED_PANS = new Set(["4000000000000002", "4000000000009995"]);

export function luhnValid(pan: string): boolean {
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

export function brandOf(pan: string): string {
  if (/^4/.test(pan)) return "visa";
  if (/^(5[1-5]|2[2-7])/.test(pan)) return "mastercard";
  if (/^3[47]/.test(pan)) return "amex";
  if (/^35/.test(pan)) return "jcb";
  if (/^62/.test(pan)) return "unionpay";
  return "card";
}

export function maskPan(pan: string): string {
  return `${pan.slice(0, 6)}${"*".repeat(Math.max(pan.length - 10, 0))}${pan.slice(-4)}`;
}

export type CardData = { pan: string; expiry: string; cvv: string; first_name?: string; last_name?: string };

/** Validates card data the way a gateway would; failures use the caller's code (4200 charge, 4206 vault). */
export function checkCard(
  data: unknown,
  failCode: "4200" | "4206",
  nowMs: number,
): { pan: string; expiry: string; brand: string; masked: string } {
  const d = (data ?? {}) as Partial<CardData>;
  const pan = String(d.pan ?? "").replace(/\s+/g, "");
  if (!/^\d{12,19}$/.test(pan) || !luhnValid(pan)) throw new UpiFailure(failCode, "invalid card number");
  const m = /^(\d{2})\/(\d{2})$/.exec(String(d.expiry ?? ""));
  if (!m || Number(m[1]) < 1 || Number(m[1]) > 12) throw new UpiFailure(failCode, "expiry must be MM/YY");
  const now = new Date(nowMs);
  const year = 2000 + Number(m[2]);
  const month = Number(m[1]);
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) {
    throw new UpiFailure(failCode, "card expired");
  }
  if (!/^\d{3,4}$/.test(String(d.cvv ?? ""))) throw new UpiFailure(failCode, "invalid cvv");
  if (failCode === "4200" && DECLINED_PANS.has(pan)) throw new UpiFailure("4200", "card declined by the issuer");
  return { pan, expiry: `${m[1]}/${m[2]}`, brand: brandOf(pan), masked: maskPan(pan) };
}
