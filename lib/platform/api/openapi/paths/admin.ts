import type { RouteArea } from "@/lib/platform/api/openapi/route-doc";

export const ADMIN_DOCS: RouteArea = {
  area: "Administration",
  about: "Users, changes waiting for a second admin, settings and credentials, the audit log.",
  routes: {
    "GET /api/audit/export.csv": {
      produces: "text/csv",
      does: "the audit log as CSV, streamed, newest first; audited. Every CSV export is audited twice: before the first row (who, the filter: result `ok`) and when the file ends (`detail.rows`, the rows written into it — a little ahead of what the browser has received, so a cancelled file's count is an upper bound: `succeeded` when the whole set was written, or `failed` with `detail.stopped` = `cancelled` or `read failed`); the audit page shows “N rows exported”",
    },
    "PATCH /api/settings": {
      does: 'step-up when a base URL, the public URL, the approval rules, the retention, `mfaRequiredForEveryone` or the merchant customs code or name change value; `If-Match: <version from GET>`: a value sent back as it was loaded is not written over one that moved since, and a value both moved since and changed by the sender is 409 `settings_moved` (`details.moved` names the keys); change any of `environment, upiBaseUrl, customsBaseUrl, declarationInquiryPath, upiTimeoutMs, customsTimeoutMs, merchantCustomsCode, merchantCustomsName, publicUrl, refundApprovalThresholds ({ "USD": 50000, … } minor units), refundApprovalPercent (0–100 or null), refundBatchThresholds ({ "USD": 500000, … } minor units per batch; a currency left out: every batch waits), refundBatchRatePerSecond (1–50, default 5), reconciliationDays (1–90, default 3), reconciliationRatePerSecond (1–50, default 3), webhookRetentionDays (≥ 7), webhookRejectedRetentionDays, chargebackResponseDays, mfaRequiredForEveryone (boolean), defaultLocale (en | zh-CN), defaultTimeZone, reportingTimeZone (IANA names)`; a changed base URL is marked unverified; a change that includes a looser approval rule (a higher or new refund or batch threshold), a shorter retention or two-step sign-in for everyone turned off waits whole: 202 `{ pendingChange }`',
    },
    "PUT /api/settings/credentials/{name}": {
      does: "set or rotate `{ value }`; audited; a rotated webhook secret stays accepted as the previous one for `WEBHOOK_PREVIOUS_SECRET_HOURS`",
    },
    "GET /api/settings/sso": {
      does: "single sign-on: `issuer`, `clientId`, `clientSecretSet` (never the secret), `mode` (off | optional | required), `label`, `groupsClaim`, `mappings` ([{ group, role }], the first group a person holds gives the role), `breakGlass` (admins whose password works while SSO is required), `mfaAcr` (acr values that count as a second factor), `redirectUri` to register at the provider",
    },
    "PUT /api/settings/sso/provider": {
      does: "set `{ issuer, clientId, clientSecret }`; a credential: once the merchant has had two admins it waits for the other one, sealed: 202 `{ pendingChange }`; audited `settings.sso_provider`",
    },
    "PUT /api/settings/sso/policy": {
      does: "set `{ mode, label, groupsClaim, mappings, breakGlass, mfaAcr }`; refused (422) for an unknown role, a break-glass person who is not an active admin, SSO on without a provider, or required with no break-glass admin; a loosening (required turned down, a group given a privileged role, a new break-glass admin or acr value) waits for the second admin: 202 `{ pendingChange }`",
    },
    "POST /api/settings/sso/test": {
      does: "fetch the issuer's discovery document and key set now (`{ issuer? }`, else the saved one): `{ ok: true, keys, pkce }` or `{ ok: false, problem: no_issuer | unreachable | not_oidc | issuer_mismatch | no_keys }`; audited",
    },
    "PUT /api/settings/chat/{team}": {
      does: "step-up; set or repoint a team channel `{ format: slack | wecom | dingtalk, url, secret? }` (`secret`: DingTalk's signing secret, left out keeps the stored one); the URL and secret are stored encrypted; in production a URL reaching a loopback, private, link-local or metadata address is refused (`internal_address`), as is plain http (`https_required`); audited; answers as GET",
    },
    "DELETE /api/settings/chat/{team}": {
      does: "step-up; remove a team channel (its events go by e-mail and the console only; messages not sent yet fail as `channel removed`); audited; answers as GET",
    },
    "POST /api/settings/chat/{team}/test": {
      does: "post a test message to the channel now: `{ ok, error, channels, email }` with the receiver's or the connection's reason (never the URL); recorded as the channel's last result and audited; 422 `chat_not_set` without a URL",
    },
    "POST /api/settings/test-connection": {
      does: "issue a token with the stored key; `{ ok, message, token? }` — the message never names the address or the kind of failure; success verifies a changed payment base URL",
    },
  },
};
