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
    "PATCH /api/account/preferences": {
      does: '`{ locale: "en" | "zh-CN", timeZone: IANA name }` → `{ preferences }`: the person\'s language and zone from the next page; audited `account.preferences.update` with the old values; sets the `console-locale` cookie',
    },
    "PUT /api/account/theme": {
      does: '`{ theme: "system" | "light" | "dark" }` → `{ theme }`: the header switch\'s choice, kept on your user for every device ("system", stored as null, follows the operating system\'s setting)',
    },
    "GET /api/notifications": {
      does: "your notification centre (issue 35): `{ notifications: [{ id, kind, subject, body, link, createdAt, read }], unread }`, your latest 50, worded in your language and time zone; only ever your own",
    },
    "POST /api/notifications/read": {
      does: "`{ ids: [uuid, …] }` (1–100) or `{ all: true }` → `{ unread }`: marks your own notifications read (another person's ids change nothing)",
    },
    "GET /api/notifications/preferences": {
      does: "your choice per event and your quiet hours: `{ preferences: [{ kind, mode, roleDefault, own, always }], quietHours: { start, end } | null }`. `mode`: `console` (the bell only), `email` (at once) or `digest` (one e-mail at 08:00 in your zone gathering the day's); `roleDefault`: what applies when you have not chosen (`own: false`), set by a manager, else `email`; `always`: a security notice, e-mailed at once whatever you choose",
    },
    "PUT /api/notifications/preferences": {
      does: '`{ modes?: { <kind>: "console" | "email" | "digest" | null }, quietHours?: { start: "HH:MM", end: "HH:MM" } | null }` → the same as GET: your own choices (null: back to your role\'s default; a security notice\'s is ignored) and quiet hours in your time zone (null: none; start after end spans midnight). Non-urgent e-mail due inside them waits until they end; urgent (security notices, an overdue chargeback) goes at once. The earlier `{ email: { <kind>: boolean } }` still reads (true: email, false: console)',
    },
    "GET /api/notifications/role-defaults": {
      does: "every role's defaults per event: `{ defaults: { <role>: { <kind>: mode } } }` (no default: `email`)",
    },
    "PUT /api/notifications/role-defaults": {
      does: '`{ role, modes: { <kind>: "console" | "email" | "digest" | null } }` → `{ role, defaults }`: what applies to the role\'s people who have not chosen themselves (null forgets one); audited `notifications.role_defaults.update`',
    },
    "GET /api/reports/subscriptions": {
      does: "your scheduled reports and your role's (a manager: every role's): `{ subscriptions: [{ id, report, frequency, role, userId, savedView, createdAt }] }`",
    },
    "POST /api/reports/subscriptions": {
      does: '`{ report: "dailySummary" | "refundsByReason" | "chargebacksAtRisk" | "declarationsByStatus" | "transactionsView", frequency: "daily" | "weekly" | "monthly", savedViewId?, role? }` → 201 `{ subscription }`: e-mailed at 08:00 in each recipient\'s zone every day, on Mondays or on the 1st, as a link (never the file). A report you (or the `role`) may not read is 422 `report_not_permitted`; `role` needs `notifications.manage` (403 `role_subscription`); `transactionsView` names one of your saved transaction views (422 `choose_view`); the same subscription again is 409 `already_subscribed`',
      idempotencyKey: "optional",
    },
    "DELETE /api/reports/subscriptions/{id}": {
      does: "ends one of your scheduled reports, or (a manager) a role's; anything else is 404",
    },
    "GET /api/reports/scheduled/{id}": {
      does: "a scheduled report's e-mailed link: 303 to the report's own export or page for its period (which checks the permission again) for its recipient, signed in, whose role may read the report; 403 and an audit row for a role without the permission; 404 for anyone else's link; 409 `report_link_expired` once its 24 hours are over; audited `report.scheduled.open`",
    },
  },
};
