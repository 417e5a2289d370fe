import type { RouteArea } from "@/lib/platform/api/openapi/route-doc";

export const ACCOUNT_DOCS: RouteArea = {
  area: "Account",
  about: "Who you are, password, second factor, sessions, preferences and theme, saved views, notifications.",
  routes: {
    "GET /api/me": {
      does: "the current user, role, permissions, `mfaEnabled`, `mfaRequired`, `pending` (`password`|`mfa`|null)",
    },
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
      does: "your e-mail choice per event: `{ preferences: [{ kind, email, always }] }` (`always`: a security notice, e-mailed whatever you choose)",
    },
    "PUT /api/notifications/preferences": {
      does: "`{ email: { <kind>: boolean, … } }` → `{ preferences }`: e-mail too or console only, per event, for yourself; a security notice's choice is ignored",
    },
    "GET /api/me/sessions": { does: "your live sessions, the current one marked `current`" },
    "DELETE /api/me/sessions": { does: "signs out all your other sessions: `{ ended }`" },
    "GET /api/views": {
      does: "your saved views of a list (the list's read permission too): `{ views: [{ id, name, query, href }] }`",
    },
    "POST /api/views": {
      does: "`{ list, name, query }` (the list's read permission too): saves the list's filters under a name (the query is canonicalised; the same name replaces) → 201",
    },
    "DELETE /api/views/{id}": { does: "deletes one of your views; another person's is 404" },
  },
};
