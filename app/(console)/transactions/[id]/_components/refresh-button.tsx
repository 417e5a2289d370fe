"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { apiFetch } from "@/lib/platform/api/client";
import { useFormat, useTranslations } from "@/lib/platform/i18n/client";
import { Button } from "@/components/ui/button";
import { useOutcome } from "@/components/outcome/use-outcome";

/** Inquires the payment service and rewrites the ledger row. */
export function RefreshButton({ id, updatedAt }: { id: string; updatedAt: string }) {
  const t = useTranslations("transactions.refresh");
  const f = useFormat();
  const outcome = useOutcome();
  const [error, setError] = useState<string | null>(null);
  const refresh = useMutation({
    mutationFn: () => apiFetch(`/api/transactions/${encodeURIComponent(id)}/refresh`, { method: "POST" }),
    onSuccess: () => {
      setError(null);
      outcome.show({ tone: "success", text: t("done") });
    },
    onError: (e) => {
      setError(e.message);
      outcome.show({ tone: "error", text: e.message }, { refresh: false });
    },
  });
  return (
    <div className="text-right">
      <Button variant="secondary" onClick={() => refresh.mutate()} disabled={refresh.isPending || outcome.refreshing}>
        {refresh.isPending || outcome.refreshing ? t("refreshing") : t("button")}
      </Button>
      <p className="mt-1 text-xs text-slate-500">{t("lastUpdated", { at: f.dateTime(updatedAt) })}</p>
      {error && (
        <p className="mt-1 max-w-sm text-xs text-red-700" data-testid="refresh-error">
          {error}
        </p>
      )}
    </div>
  );
}
