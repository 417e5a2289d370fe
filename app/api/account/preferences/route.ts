import { route } from "@/lib/platform/api/route";
import { json } from "@/lib/platform/api/responses";
import { LOCALE_COOKIE } from "@/lib/platform/i18n/server";
import { localeSetCookie, preferencesSchema, updatePreferences } from "@/lib/platform/i18n/preferences";
import { ownPreferencesSchema } from "@/lib/users/answers";

export const PATCH = route(
  {
    response: ownPreferencesSchema,
    doc: {
      tag: "Account",
      summary: "Choose your language and time zone",
      description:
        '`{ locale: "en" | "zh-CN", timeZone: IANA name }` → `{ preferences }`: the person\'s language and zone from the next page; audited `account.preferences.update` with the old values; sets the `console-locale` cookie',
    },
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
