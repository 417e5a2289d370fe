"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { apiFetch } from "@/lib/platform/api/client";
import { inboxList } from "@/lib/webhooks/search-params";
import { useTranslations } from "@/lib/platform/i18n/client";
import type { NotificationView } from "@/lib/webhooks/query";
import { useOutcomeLine } from "./use-outcome-line";

/** Re-apply a notification (a no-op if it already took effect) or re-sync its transaction by inquiry. */
export function NotificationActions({
  id,
  canReapply,
  canResync,
}: {
  id: string;
  canReapply: boolean;
  canResync: boolean;
}) {
  const client = useQueryClient();
  const t = useTranslations("webhooks");
  const outcome = useOutcomeLine();
  const state = (s: string) => (t.has(`states.${s}` as "states.applied") ? t(`states.${s}` as "states.applied") : s);
  const [message, setMessage] = useState<string | null>(null);
  const act = useMutation({
    mutationFn: (what: "reapply" | "resync") =>
      apiFetch<{ notification: Pick<NotificationView, "applyState" | "applyDetail" | "applyText"> }>(
        `/api/webhooks/${id}/${what}`,
        {
          method: "POST",
        },
      ),
    onSuccess: ({ notification }, what) => {
      setMessage(
        what === "resync"
          ? t("resynced")
          : notification.applyDetail
            ? t("reappliedDetail", {
                state: state(notification.applyState),
                detail: outcome(notification.applyDetail, notification.applyText) ?? "",
              })
            : t("reapplied", { state: state(notification.applyState) }),
      );
      // The row's result changed: the inbox again through the query cache, not a server render.
      void client.invalidateQueries({ queryKey: inboxList.key });
    },
    onError: (e) => setMessage(e.message),
  });
  return (
    <div className="mt-2 flex flex-col items-start gap-1 text-xs">
      {canReapply && (
        <button
          type="button"
          className="text-brand-600 hover:underline disabled:text-slate-400"
          disabled={act.isPending}
          onClick={() => act.mutate("reapply")}
        >
          {t("reapply")}
        </button>
      )}
      {canResync && (
        <button
          type="button"
          className="text-brand-600 hover:underline disabled:text-slate-400"
          disabled={act.isPending}
          onClick={() => act.mutate("resync")}
        >
          {t("resync")}
        </button>
      )}
      {message && (
        <span role="status" className="max-w-[12rem] whitespace-normal text-slate-600">
          {message}
        </span>
      )}
    </div>
  );
}
