import type { Req } from "../http";
import { UpiFailure } from "../envelope";

const INSTALLMENT_PLANS = [3, 6, 12];

/** Installments for card, promotions for alipay+; both may be empty (small amounts). */
export function consult(req: Req, nowMs: number) {
  const q = req.query;
  const method = q.get("method");
  if (method !== "alipay+" && method !== "card") throw new UpiFailure("4000", "method must be alipay+ or card");
  const amount = Number(q.get("amount"));
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new UpiFailure("4000", "amount must be a positive integer");
  const currency = q.get("currency") ?? "";
  if (!/^[A-Z]{3}$/.test(currency)) throw new UpiFailure("4000", "currency must be an ISO 4217 code");
  for (const [name, allowed] of [
    ["client", ["desktop", "mobile_browser"]],
    ["device", ["ios", "android"]],
  ] as const) {
    const v = q.get(name);
    if (v !== null && !(allowed as readonly string[]).includes(v))
      throw new UpiFailure("4000", `${name} must be ${allowed.join(" or ")}`);
  }
  const installments =
    method === "card" && amount >= 300
      ? INSTALLMENT_PLANS.map((n) => ({
          total_amount: amount,
          installment_no: n,
          installment_amount: Math.ceil(amount / n),
        }))
      : [];
  const promotions =
    method === "alipay+" && amount >= 1000
      ? [
          {
            discount_amount: Math.floor(amount * 0.05),
            min_original_amount: 1000,
            max_original_amount: 1_000_000,
            balance: 5_000_000,
            discount_code: "SANDBOX5",
            expiry: nowMs + 30 * 86400_000,
            issuer: "alipay+",
            token_payment: false,
          },
        ]
      : [];
  return { installments: { data: installments }, promotions: { data: promotions } };
}
