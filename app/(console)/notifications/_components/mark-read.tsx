"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { apiFetch } from "@/lib/platform/api/client";
import { notificationList } from "@/lib/notifications/search-params";
import { useTranslations } from "@/lib/platform/i18n/client";
import { Button } from "@/components/ui/button";

/** Marks one notification (or all) read, then reads the list again and lets the server render the bell. */
export function MarkRead({ id, all }: { id?: string; all?: boolean }) {
  const t = useTranslations("notifications");
  const router = useRouter();
  const client = useQueryClient();
  const mark = useMutation({
    mutationFn: () =>
      apiFetch("/api/notifications/read", { method: "POST", json: all ? { all: true } : { ids: [id] } }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: notificationList.key });
      router.refresh();
    },
  });
  return (
    <span className="inline-flex items-center gap-2">
      <Button variant="secondary" disabled={mark.isPending} onClick={() => mark.mutate()}>
        {all ? t("markAllRead") : t("markRead")}
      </Button>
      {mark.isError && (
        <span role="alert" className="text-sm text-red-700">
          {t("failed")}
        </span>
      )}
    </span>
  );
}
