import { route } from "@/lib/platform/api/route";
import { json } from "@/lib/platform/api/responses";
import { LOCALE_COOKIE } from "@/lib/platform/i18n/server";
import { localeSetCookie, preferencesSchema, updatePreferences } from "@/lib/platform/i18n/preferences";

// The person's own language and time zone; effective on their next page. The language cookie
// follows, so the sign-in page speaks it too after a sign-out.
export const PATCH = route(
  {
    permission: "signed-in",
    incomplete: true,
    body: preferencesSchema,
    action: "account.preferences.update",
  },
  async ({ body, actor }) => {
    const saved = await updatePreferences(body, actor);
    return json({ preferences: saved }, 200, { "Set-Cookie": localeSetCookie(LOCALE_COOKIE, saved.locale) });
  },
);
