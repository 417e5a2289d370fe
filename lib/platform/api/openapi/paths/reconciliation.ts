import type { RouteArea } from "@/lib/platform/api/openapi/route-doc";

export const RECONCILIATION_DOCS: RouteArea = {
  area: "Reconciliation",
  about:
    "The daily reconciliation (issue 34): every charge created or changed in the last `reconciliationDays` (Settings, default 3) and every one not final is inquired at `reconciliationRatePerSecond` (default 3) and compared with the ledger. What the payment service is ahead on is applied forward-only, as a refresh does, and recorded closed as `applied`; the rest stay open for a person: `provider_behind`, `contradiction`, `unknown_refund` (a refund no operation of the console asked for), `unknown_chargeback` (one the console never heard of), `missing_at_provider`. One open row per charge, kind and subject: a later run seeing it again moves its `lastSeenAt`.",
  routes: {
    "GET /api/reconciliation/exceptions/export.csv": {
      produces: "text/csv",
      does: "every difference the filter matches: `id, charge_id, kind, subject, currency, ledger, provider, first_seen_at, last_seen_at, age_days, resolved_at, resolved_by, resolution`, each side as `key=value; …`, times in ISO 8601 UTC with the exporting person's local time beside each; audited",
    },
  },
};
