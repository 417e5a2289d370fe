import type { RouteArea } from "@/lib/platform/api/openapi/route-doc";

export const SYSTEM_DOCS: RouteArea = {
  area: "System",
  about: "Probes, metrics and the payment service's notifications (the webhook inbox).",
  routes: {
    "GET /api/openapi.json": {
      does: "this reference as an OpenAPI 3.1 document, generated from the route handlers' own zod schemas (`npm run docs:api` writes it and docs/api.md)",
    },
    "GET /api/sso/start": {
      access: "none (before sign-in)",
      does: "the company sign-in button: 303 to the identity provider's authorization endpoint (code flow, PKCE S256, state and nonce), the state in an HttpOnly cookie; 303 to `/login?sso_error=off|unavailable` when SSO is off or the provider does not answer. `callbackUrl`: a same-origin path to return to",
    },
    "GET /api/sso/callback": {
      access: "none (the state cookie and the provider's code)",
      does: "the redirect URI: checks state (once, this browser's), issuer (RFC 9207), exchanges the code, verifies the ID token (signature, issuer, audience, expiry, nonce) and maps the groups to a role; 303 to `/login?sso=finish|code` with a one-time ticket cookie, or to `/login?sso_error=unmapped|unavailable|unverified_email|disabled|denied|failed|off`; opens no session itself",
    },
    "GET /api/health": { access: "none", does: "liveness: `{ ok: true }`; no session, no database" },
    "GET /api/metrics": {
      produces: "text/plain",
      access: "`Authorization: Bearer $METRICS_TOKEN` (404 when unset, 401 otherwise)",
      does: "Prometheus text: `console_http_request_duration_seconds{method,route,status}` (route pattern, never an id), `console_upstream_request_duration_seconds{service,operation,outcome}`, `console_upi_token_renewals_total`, `console_operations{status=unknown|pending_approval}`, `console_job_queue_depth{queue,state}`, `console_webhook_notifications_waiting{state}`, `console_webhook_notifications_received_5m{verification}` (every instance's intake, read from the table), `console_webhook_apply_lag_seconds`, `console_metrics_database_up`, process metrics",
    },
    "POST /api/webhooks/upi": {
      external: true,
      access: "none (the signature is the credential; no Origin check)",
      does: "the payment service's notifications (urls.ipn), JSON or form-encoded, on every spelling of the path. Stored before the answer: **200** `{ ok, id, duplicate }` once stored (a replay of the same signed content is counted, never applied twice; a bad signature is stored as rejected and not applied; one signed too long ago as expired), **400** malformed, **413** over 64 KB, **429** too many from one address (rate, or rows stored per minute), **503** cannot be stored (the sender retries)",
    },
  },
};
