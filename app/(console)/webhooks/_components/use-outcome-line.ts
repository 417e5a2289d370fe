"use client";

import { useCallback } from "react";
import { useLocale } from "use-intl";
import { useFormat, useTranslations } from "@/lib/platform/i18n/client";
import { statusLabelWith } from "@/lib/ledger/status-label";
import { type OutcomePhrase, outcomeLine } from "@/lib/webhooks/outcome-line";

/** A notification's apply result in the reader's language (lib/webhooks/outcome-text.ts); as stored when unknown. */
export function useOutcomeLine() {
  const t = useTranslations("webhooks");
  const statuses = useTranslations("statuses");
  const locale = useLocale();
  const f = useFormat();
  return useCallback(
    (detail: string | null, text: OutcomePhrase[] | null) =>
      text
        ? outcomeLine(
            t as never,
            (s) => statusLabelWith(statuses, s),
            text,
            locale === "zh-CN" ? "" : " ",
            (iso) => f.dateTimeSeconds(iso),
          )
        : detail,
    [t, statuses, locale, f],
  );
}
