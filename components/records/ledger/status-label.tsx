"use client";

import { useCallback } from "react";
import { useTranslations } from "@/lib/platform/i18n/client";
import { statusKey } from "@/lib/ledger/status-label";

/** A status' words in the person's language (statuses namespace); a status without a label shows as it is. */
export function useStatusLabel() {
  const t = useTranslations("statuses");
  return useCallback(
    (status: string) => {
      const key = statusKey(status);
      return t.has(key) ? t(key) : status;
    },
    [t],
  );
}

/** The words of a status, for a server or client component to place anywhere (a badge, a select's option). */
export function StatusLabel({ status }: { status: string }) {
  return <>{useStatusLabel()(status)}</>;
}
