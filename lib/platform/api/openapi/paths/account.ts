import type { RouteArea } from "@/lib/platform/api/openapi/route-doc";

export const ACCOUNT_DOCS: RouteArea = {
  area: "Account",
  about:
    "Who you are, password, second factor, sessions, preferences and theme, saved views, notifications and scheduled reports.",
  routes: {
    "POST /api/me/password": { does: "`{ currentPassword, newPassword }` (12+ characters); ends your other sessions" },
    "POST /api/me/mfa/setup": {
      does: "a new authenticator secret `{ secret, uri }` (otpauth URI for the QR code), kept unconfirmed",
    },
    "POST /api/me/mfa/confirm": {
      does: "`{ code }` from the app: turns it on and answers the ten `recoveryCodes`, shown this once",
    },
    "POST /api/me/step-up": {
      does: '`{ code }` (or a recovery code): this session may do sensitive actions for `STEP_UP_MINUTES`; wrong codes are audited and throttled; a code already used (at sign-in, say) is refused with `details.rule = "code_used"` and a message saying when the next one appears',
    },
    "GET /api/reports/scheduled/{id}": {
      does: "a scheduled report's e-mailed link: 303 to the report's own export or page for its period (which checks the permission again) for its recipient, signed in, whose role may read the report; 403 and an audit row for a role without the permission; 404 for anyone else's link; 409 `report_link_expired` once its 24 hours are over; audited `report.scheduled.open`",
    },
  },
};
