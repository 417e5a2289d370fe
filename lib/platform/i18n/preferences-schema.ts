import { z } from "zod";
import { isTimeZone, LOCALES } from "@/lib/platform/i18n/locales";

// PATCH /api/account/preferences's body, shared with the form; messages are catalog keys.
export const preferencesSchema = z.strictObject({
  locale: z.enum(LOCALES, "account.preferences.localeInvalid"),
  timeZone: z.string("account.preferences.timeZoneInvalid").refine(isTimeZone, "account.preferences.timeZoneInvalid"),
});
export type PreferencesInput = z.infer<typeof preferencesSchema>;
