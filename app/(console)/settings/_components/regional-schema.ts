import { settingsSchema } from "@/lib/platform/settings/schema";

// The language-and-time-zones form's schema: the server's own three settings. Loaded at the
// first check (a dynamic import keeps zod off the page).
export const regionalFormSchema = () =>
  settingsSchema.pick({ defaultLocale: true, defaultTimeZone: true, reportingTimeZone: true });
