import type { RouteArea, RouteDoc } from "@/lib/platform/api/openapi/route-doc";


const WEBHOOK: RouteDoc = {
  external: true,
  summary: "Receive a payment service notification",
  access: "none (the signature is the credential; no Origin check)",
  errors: ["bad_request", "payload_too_large", "rate_limited", "upstream_unavailable"],
  does: "the payment service's notifications (urls.ipn), JSON or form-encoded, on every spelling of the path. Stored before the answer: **200** `{ ok, id, duplicate }` once stored (a replay of the same signed content is counted, never applied twice; a bad signature is stored as rejected and not applied; one signed too long ago as expired), **400** malformed, **413** over 64 KB, **429** too many from one address (rate, or rows stored per minute), **503** cannot be stored (the sender retries)",
};

/**
 * The reference's areas (its tags, the sections of docs/api.md) in the order it reads. Each
 * route file documents itself (route({ doc })); only the payment service's notifications, answered
 * by server/intake.ts before Next sees them, have their words here.
 */
export const API_AREAS: RouteArea[] = [
  { area: "Account", about: "Who you are, password, second factor, sessions, preferences and theme, saved views, notifications and scheduled reports.", routes: {} },
  { area: "Administration", about: "Users, changes waiting for a second admin, settings and credentials, the audit log.", routes: {} },
  { area: "Ledger", about: "Transactions and their notes, captures, refunds and cancels, customers, reports.", routes: {} },
  { area: "Payments", about: "The virtual terminal, consults, payment links, stored cards.", routes: {} },
  { area: "Refund batches", about: "Many refunds at once (issue 34): rows selected on the transactions list or a CSV file, previewed, stored whole, sent at a bounded rate by the job workers, each row once. Each refund follows the per-charge approval rule; a batch over the batch threshold of a currency (Settings `refundBatchThresholds`) waits for a manager as a whole.", routes: {} },
  { area: "Reconciliation", about: "The daily reconciliation (issue 34): every charge created or changed in the last `reconciliationDays` (Settings, default 3) and every one not final is inquired at `reconciliationRatePerSecond` (default 3) and compared with the ledger. What the payment service is ahead on is applied forward-only, as a refresh does, and recorded closed as `applied`; the rest stay open for a person: `provider_behind`, `contradiction`, `unknown_refund` (a refund no operation of the console asked for), `unknown_chargeback` (one the console never heard of), `missing_at_provider`. One open row per charge, kind and subject: a later run seeing it again moves its `lastSeenAt`.", routes: {} },
  { area: "Chargebacks", about: "The tracker, cases, evidence and the summary.", routes: {} },
  { area: "Customs", about: "One at a time, in bulk, and their exports.", routes: {} },
  {
    area: "System",
    about: "Probes, metrics and the payment service's notifications (the webhook inbox).",
    routes: { "POST /api/webhooks/upi": WEBHOOK },
  },
];
