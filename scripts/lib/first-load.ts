import { gzipSync } from "node:zlib";
import { LIST_PAGES } from "../../lib/platform/pages";
import { ROLE_PERMISSIONS } from "../../lib/platform/auth/permissions";

// First-load JavaScript of a page, gzip: every <script src> its HTML loads (noModule polyfills
// aside, which modern browsers skip), as the production server sends it. Measured by
// `npm run bench:bundle` and held to the budget in `npm test` (e2e/first-load-budget.spec.ts).

/** Every page ≤ this, with TanStack Table and Query on every list (issue 31, ADR 0017). */
export const FIRST_LOAD_BUDGET_KIB = 190;

type Role = "finance" | "admin" | "manager";
const MEASURED: Role[] = ["finance", "manager", "admin"];

/** Every list that is a page (lib/platform/pages.ts), as each of the roles above that may open it: one may see more of it. */
const LISTS: [path: string, role: Role][] = LIST_PAGES.flatMap(({ path, permission }) =>
  MEASURED.filter((role) => ROLE_PERMISSIONS[role].includes(permission)).map((role): [string, Role] => [path, role]),
);

/** One page of each kind (a list as each role), with who opens it; `{tx}`, `{token}`, `{chargeback}`, `{customer}` are filled in. */
export const FIRST_LOAD_PAGES: [path: string, role: Role | null][] = [
  ["/login", null],
  ["/", "finance"],
  ["/transactions/{tx}", "finance"],
  ["/terminal", "finance"],
  ["/settings", "admin"],
  ...LISTS,
  // And every other page (one of each kind).
  ["/account/password", "finance"],
  ["/account/security", "finance"],
  ["/account/preferences", "finance"],
  ["/chargebacks/{chargeback}", "manager"],
  ["/chargebacks/summary", "manager"],
  ["/customers/{customer}", "manager"],
  ["/customs/new?transaction={tx}", "admin"],
  ["/reports", "finance"],
  ["/search?q=no-such-thing", "finance"],
  ["/vault/{token}", "admin"],
  ["/refund-batches/new", "finance"],
  ["/refund-batches/{batch}", "manager"],
  ["/customs/{declaration}", "admin"],
  ["/notifications", "finance"],
  ["/notifications/reports", "manager"],
];

/** The sample refund batch's id, made from the sample charge's (the callers name only the charge). */
const sampleBatchId = (tx: string) => `00000000-0000-4000-8000-${tx.slice(-12).padStart(12, "0")}`;
/** The sample declaration's id, made the same way. */
const sampleDeclarationId = (tx: string) => `00000000-0000-4000-9000-${tx.slice(-12).padStart(12, "0")}`;

/** The sample rows the record pages above need (ids for `{…}`), as SQL against a migrated database. */
export function sampleRowsSql(ids: { tx: string; token: string; chargeback: string; customer: string }) {
  return `INSERT INTO ledger_transactions (id, type, reference, method, status, amount, amount_authorized_remaining, currency, time_created, payload, source, updated_at, consumer_reference)
            VALUES ('${ids.tx}', 'charge', 'first-load-${ids.tx}', 'card', 'authorized', 1999, 1999, 'USD', now(), '{}', 'import', now(), '${ids.customer}');
          INSERT INTO vault_tokens (token, status, source, updated_at) VALUES ('${ids.token}', 'active', 'add', now());
          INSERT INTO chargebacks (id, charge_id, amount, currency, status, opened_at, last_change_at, updated_at)
            VALUES ('${ids.chargeback}', '${ids.tx}', 1999, 'USD', 'Notification of Claim', now(), now(), now());
          INSERT INTO refund_batches (id, created_by_id, created_by_email, source, status, totals, needs_approval, updated_at)
            VALUES ('${sampleBatchId(ids.tx)}', '${sampleBatchId(ids.tx)}', 'first-load@example.com', 'selection',
                    'awaiting_approval', '{"USD": 1999}', true, now());
          INSERT INTO refund_batch_rows (id, batch_id, row_index, transaction_id, given, amount, currency, reason, status)
            VALUES ('${sampleBatchId(ids.tx)}', '${sampleBatchId(ids.tx)}', 1, '${ids.tx}', '${ids.tx}', 1999, 'USD', 'fraud', 'pending');
          INSERT INTO customs_declarations (id, idempotency_key, transaction_id, reference, vendor, payment_type,
                      merchant_customs_code, merchant_customs_name, customs_location, is_split, source, created_by, created_by_id, updated_at)
            VALUES ('${sampleDeclarationId(ids.tx)}', 'first-load-${ids.tx}', '${ids.tx}', 'first-load-${ids.tx}', 'wechatpay', 'Online',
                    'MC-SAMPLE', 'Sample shop', 'HANGZHOU', false, 'form', 'first-load@example.com', '${sampleDeclarationId(ids.tx)}', now());
          INSERT INTO customs_sub_orders (id, declaration_id, sub_order_no, state, updated_at)
            VALUES ('${sampleDeclarationId(ids.tx)}', '${sampleDeclarationId(ids.tx)}', 'first-load-${ids.tx}', 'submitted', now())`;
}

export const fillPath = (path: string, ids: Record<string, string>) =>
  path.replace(/\{(\w+)\}/g, (_, key: string) =>
    key === "batch" && ids.tx
      ? sampleBatchId(ids.tx)
      : key === "declaration" && ids.tx
        ? sampleDeclarationId(ids.tx)
        : (ids[key] ?? key),
  );

/** gzip sizes of scripts already fetched, by URL: pages share most of theirs. */
const sizes = new Map<string, number>();

/** A page's first-load JavaScript in KiB (gzip, level 9) and how many scripts it loads. */
export async function firstLoadKiB(baseUrl: string, path: string, cookie?: string) {
  const res = await fetch(baseUrl + path, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
  if (res.status !== 200) throw new Error(`${path}: HTTP ${res.status}`);
  const html = await res.text();
  const srcs = [
    ...new Set(
      [...html.matchAll(/<script([^>]*)>/g)]
        .filter((m) => !/noModule/i.test(m[1]!))
        .map((m) => /src="([^"]+)"/.exec(m[1]!)?.[1])
        .filter((s): s is string => !!s),
    ),
  ];
  let bytes = 0;
  for (const src of srcs) {
    const url = new URL(src, baseUrl).toString();
    if (!sizes.has(url))
      sizes.set(url, gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 9 }).length);
    bytes += sizes.get(url)!;
  }
  return { kib: bytes / 1024, scripts: srcs.length };
}
