import type { Ids } from "./every-page";
import { sql } from "./users";

// What a Chinese page may show in Latin letters: the data the console stored or the service
// returned (ids, references, emails, names, codes), read from the database, and the brand and
// method names in BRANDS (reviewed here, in the test).

/** Names that stay as they are in Chinese text: brands, schemes, formats, the API's own words. */
export const BRANDS = [
  "Alipay",
  "alipay",
  "WeChat Pay",
  "wechatpay",
  "UnionPay",
  "upop",
  "Klarna",
  "klarna",
  "PayPal",
  "Naver Pay",
  "Kakao Pay",
  "PAYCO",
  "card",
  "Visa",
  "visa",
  // What the search page was asked for, echoed back.
  "no-such-thing",
  "Mastercard",
  // Chat services a team channel posts to (Settings).
  "Slack",
  "WeCom",
  "DingTalk",
  "HANGZHOU",
  "MD5",
  "API",
  "URL",
  "IP",
  "Webhook",
  // An HTTP authorization scheme's name, and the card schemes' authentication protocol.
  "Bearer",
  "3-D Secure",
  "webhook",
  "ID",
  "id",
  "PDF",
  "ZIP",
  "QR",
  "SMTP",
  "Online",
  "Offline",
  "Merchant Console",
  // A language's name in its own language, as the language picker shows each one.
  "English",
  // A session's browser and system, as its user agent names them; an image format's name.
  "Linux",
  "Chrome",
  "Windows",
  "macOS",
  "Safari",
  "Firefox",
  "WebP",
];

/** The words a page may show as data: what the console stores about people, payments and cases. */
export async function storedData(ids: Ids): Promise<string[]> {
  const rows = await sql<{ v: string | null }>(
    `SELECT v FROM (
       SELECT name AS v FROM users UNION SELECT email FROM users
       UNION SELECT reference FROM ledger_transactions UNION SELECT id FROM ledger_transactions
       UNION SELECT consumer_reference FROM ledger_transactions UNION SELECT customer_name FROM ledger_transactions
       UNION SELECT customer_email FROM ledger_transactions UNION SELECT cardholder_name FROM ledger_transactions
       UNION SELECT pan_masked FROM ledger_transactions UNION SELECT vault_token FROM ledger_transactions
       UNION SELECT status FROM chargebacks UNION SELECT id FROM chargebacks UNION SELECT reason FROM chargebacks
       UNION SELECT reference FROM customs_declarations UNION SELECT merchant_customs_code FROM customs_declarations
       UNION SELECT merchant_customs_name FROM customs_declarations UNION SELECT created_by FROM customs_declarations
       UNION SELECT sub_order_no FROM customs_sub_orders UNION SELECT declare_number FROM customs_sub_orders
       UNION SELECT verification_org FROM customs_sub_orders UNION SELECT customs_status FROM customs_sub_orders
       UNION SELECT reference FROM payment_links UNION SELECT reference FROM operations
       UNION SELECT note FROM operations UNION SELECT requested_by_email FROM operations
       UNION SELECT transaction_id FROM webhook_notifications UNION SELECT reference FROM webhook_notifications
       UNION SELECT status FROM webhook_notifications UNION SELECT ip FROM webhook_notifications
       UNION SELECT action FROM audit_log UNION SELECT target_id FROM audit_log UNION SELECT reason FROM audit_log
       UNION SELECT actor_email FROM audit_log UNION SELECT detail->>'email' FROM audit_log
       UNION SELECT ip FROM audit_log UNION SELECT name FROM saved_views
       UNION SELECT created_by_email FROM refund_batches UNION SELECT decided_by_email FROM refund_batches
       UNION SELECT file_name FROM refund_batches UNION SELECT decided_by_email FROM operations
       UNION SELECT id::text FROM refund_batches UNION SELECT left(id::text, 8) FROM refund_batches
       UNION SELECT substring(apply_detail from 'Apply failed: (.*)$') FROM webhook_notifications
       UNION SELECT reference FROM vault_tokens UNION SELECT consumer_reference FROM vault_tokens
       UNION SELECT consumer_name FROM vault_tokens UNION SELECT consumer_email FROM vault_tokens
       UNION SELECT brand FROM vault_tokens
       UNION SELECT jsonb_path_query(asked::jsonb, 'strict $.**') #>> '{}' FROM payment_links WHERE asked IS NOT NULL
     ) d WHERE v IS NOT NULL AND v <> ''`,
  );
  return [...Object.values(ids), ...rows.map((r) => r.v!), ...BRANDS];
}
