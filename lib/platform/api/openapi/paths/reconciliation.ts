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
    "POST /api/reconciliation/exceptions/{id}/resolve": {
      does: "`{ note }` (1–2000 characters): the open difference is resolved with the note (audited `reconciliation.resolve`); a later run that finds the payment service saying the same does not raise it again. 409 `exception_resolved`",
    },
    "POST /api/reconciliation/runs": {
      does: "starts a run now (audited `reconciliation.run`): `{ run }`. One run at a time, held by the database: it takes over from a daily run still spreading its charges over the day (that run ends where it is), and is 409 `reconciliation_running` while another run started by hand is unfinished",
    },
  },
};
