"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { apiFetch } from "@/lib/api/client";

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
  const router = useRouter();
  const [message, setMessage] = useState<string | null>(null);
  const act = useMutation({
    mutationFn: (what: "reapply" | "resync") =>
      apiFetch<{ notification: { applyState: string; applyDetail: string | null } }>(`/api/webhooks/${id}/${what}`, {
        method: "POST",
      }),
    onSuccess: ({ notification }, what) => {
      setMessage(
        what === "resync"
          ? "Re-synced from the payment service."
          : `Re-applied: ${notification.applyState}${notification.applyDetail ? ` — ${notification.applyDetail}` : ""}`,
      );
      router.refresh();
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
          Re-apply
        </button>
      )}
      {canResync && (
        <button
          type="button"
          className="text-brand-600 hover:underline disabled:text-slate-400"
          disabled={act.isPending}
          onClick={() => act.mutate("resync")}
        >
          Re-sync from inquiry
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
