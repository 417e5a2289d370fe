"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { apiFetch } from "@/lib/platform/api/client";
import { buttonClass } from "@/components/ui/button";

type Labels = { markRead: string; markAllRead: string; failed: string };

/** Marks one notification (or all) read, then lets the server render the page and the bell again. */
export function MarkRead({ id, all, labels }: { id?: string; all?: boolean; labels: Labels }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const mark = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await apiFetch("/api/notifications/read", { method: "POST", json: all ? { all: true } : { ids: [id] } });
      router.refresh();
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="inline-flex items-center gap-2">
      <button type="button" className={buttonClass("secondary")} disabled={busy} onClick={mark}>
        {all ? labels.markAllRead : labels.markRead}
      </button>
      {failed && (
        <span role="alert" className="text-sm text-red-700">
          {labels.failed}
        </span>
      )}
    </span>
  );
}
