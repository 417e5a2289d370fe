"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { apiFetch } from "@/lib/api/client";
import { formatDateTime } from "@/lib/format";
import { Button } from "@/components/ui/button";

/** Inquires the payment service and rewrites the ledger row. */
export function RefreshButton({ id, updatedAt }: { id: string; updatedAt: string }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const refresh = useMutation({
    mutationFn: () => apiFetch(`/api/transactions/${encodeURIComponent(id)}/refresh`, { method: "POST" }),
    onSuccess: () => {
      setError(null);
      router.refresh();
    },
    onError: (e) => setError(e.message),
  });
  return (
    <div className="text-right">
      <Button variant="secondary" onClick={() => refresh.mutate()} disabled={refresh.isPending}>
        {refresh.isPending ? "Refreshing…" : "Refresh from the payment service"}
      </Button>
      <p className="mt-1 text-xs text-slate-500">Last updated {formatDateTime(updatedAt)}</p>
      {error && (
        <p className="mt-1 max-w-sm text-xs text-red-700" data-testid="refresh-error">
          {error}
        </p>
      )}
    </div>
  );
}
