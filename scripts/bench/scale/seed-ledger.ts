// The ledger's rows for bench:scale: every type, status, method, currency and country the console
// uses; rows g % 10 = 0..6 are charges, 7 a capture, 8 a refund and 9 a cancel of the charge at
// g - g % 10; returning customers; card rows with a masked pan; and one
// customer with 10,000 charges whatever the scale.
import { CONSOLE_CURRENCIES } from "../../../lib/platform/money";
import { METHODS } from "../../../lib/upi/methods";

export const WHALE = { reference: "cust-whale-0001", charges: 10_000 };

type Helpers = {
  arr: (xs: readonly string[]) => string;
  h: (g: string, n: number, salt?: number) => string;
  at: (g: string, n: number) => string;
  pick: (xs: readonly string[], g: string, salt?: number) => string;
};

const FIRST =
  "jane john maria wei li anna peter sara omar yuki lucas emma noah olivia liam mia ali chen fatima david sofia ivan elena raj priya tom lena max nina paul".split(
    " ",
  );
const LAST =
  "smith doe wang garcia muller kim nguyen rossi silva tanaka brown jones lopez chen khan patel novak dubois schmidt ivanova".split(
    " ",
  );
const DOMAINS = "gmail.com yahoo.com outlook.com qq.com 163.com icloud.com hotmail.com shop.example".split(" ");
const COUNTRIES = ["US", "DE", "JP", "CN", "KR", "GB", "FR", "HK", "SG", "AU"];

export function ledgerSql(n: number, { h, at, pick }: Helpers): string[] {
  const customers = Math.max(10, Math.ceil(n / 5));
  // The charge a row belongs to (itself for a charge): its customer, currency and method.
  const p = "(g - g % 10)";
  // The row whose charge it is: itself for a charge, its parent for a capture, refund or cancel.
  const o = "(CASE WHEN g % 10 <= 6 THEN g ELSE g - g % 10 END)";
  const cust = `${h(o, customers, 11)}`;
  const rows = (from: string, count: number, idOf: string, consumer: string, when: string) => `
    INSERT INTO ledger_transactions (id, type, reference, parent_id, method, status, amount, amount_captured, amount_refunded,
      currency, country, cny_amount, payment_type, pan_masked, card_last4, consumer_reference, customer_email, time_created,
      payload, source, updated_at)
    SELECT ${idOf.replace(/G/g, "g")}, k.type::"TransactionType", 'ORD-' || upper(to_hex(${h(o, 2 ** 31)})),
      CASE WHEN k.type <> 'charge' THEN ${idOf.replace(/G/g, p)} END,
      k.method, k.status, k.amount,
      CASE WHEN k.type = 'charge' AND k.status = 'succeeded' THEN k.amount END,
      CASE WHEN k.type = 'charge' AND g % 10 = 0 AND k.status = 'succeeded' THEN k.amount / 2 END,
      k.currency, ${pick(COUNTRIES, o, 2)}, CASE WHEN k.currency = 'CNY' THEN k.amount END,
      CASE WHEN k.method IN ('alipay','wechatpay','upop') THEN 'Online' END,
      CASE WHEN k.method = 'card' THEN '411111******' || k.last4 END, CASE WHEN k.method = 'card' THEN k.last4 END,
      ${consumer},
      ${pick(FIRST, cust)} || '.' || ${pick(LAST, cust, 1)} || (${cust} % 100) || '@' || ${pick(DOMAINS, cust, 2)},
      ${when} + interval '1 hour' * (g % 10 >= 7)::int, '{}'::jsonb, 'import', now()
    FROM generate_series(1, ${count}) g0, LATERAL (SELECT g0 ${from} AS g) gg,
      LATERAL (SELECT
        CASE WHEN g % 10 <= 6 THEN 'charge' WHEN g % 10 = 7 THEN 'capture' WHEN g % 10 = 8 THEN 'refund' ELSE 'cancel' END AS type,
        CASE WHEN g % 10 <= 6 THEN ${pick(["succeeded", "succeeded", "succeeded", "succeeded", "succeeded", "succeeded", "authorized", "canceled", "pending", "initiated"], "g", 4)}
             ELSE ${pick(["succeeded", "succeeded", "succeeded", "succeeded", "canceled"], "g", 5)} END AS status,
        CASE WHEN g % 10 = 8 THEN (100 + ${h(o, 500000, 5)}) / 2 ELSE 100 + ${h(o, 500000, 5)} END AS amount,
        ${pick(CONSOLE_CURRENCIES, o, 1)} AS currency, ${pick(METHODS, o, 3)} AS method,
        lpad(${h(o, 10000, 6)}::text, 4, '0') AS last4) k`;
  return [
    rows("+ 0", n, "lpad(G::text, 22, '0')", `'cust-' || ${cust}`, at("g", n)),
    // The one customer with 10,000 charges (g a multiple of 10: every row a charge), over the three years.
    // Its g lie far past the ledger's, so its references and amounts are its own.
    rows(
      "* 10 + 1000000000",
      WHALE.charges,
      "'w' || lpad((G - 1000000000)::text, 21, '0')",
      `'${WHALE.reference}'`,
      at("g - 1000000000", WHALE.charges * 10),
    ),
  ];
}
