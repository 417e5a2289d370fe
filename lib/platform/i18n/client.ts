"use client";

import { useMemo } from "react";
import { useLocale, useTimeZone } from "use-intl";
import { makeFormat } from "@/lib/platform/i18n/format";

export { useTranslations } from "use-intl";

/** The person's formatter in the browser: the same as the server's getFormat(). */
export function useFormat() {
  const locale = useLocale();
  const timeZone = useTimeZone() ?? "UTC";
  return useMemo(() => makeFormat({ locale, timeZone }), [locale, timeZone]);
}
