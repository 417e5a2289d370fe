"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { apiFetch } from "@/lib/api/client";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";

/** Delete with a confirmation step: the card cannot be charged with this token afterwards. */
export function DeleteToken({ token, label }: { token: string; label: string }) {
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: () => apiFetch(`/api/vault/${encodeURIComponent(token)}`, { method: "DELETE" }),
    onSuccess: () => {
      setConfirming(false);
      router.refresh();
    },
    onError: (e) => setError(e.message),
  });
  if (!confirming)
    return (
      <Button variant="danger" onClick={() => setConfirming(true)}>
        Delete…
      </Button>
    );
  return (
    <div
      className="w-full space-y-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm"
      role="alertdialog"
      aria-label="Confirm deletion"
    >
      <p>Delete the stored {label}? It can no longer be charged with this token. This cannot be undone.</p>
      <div className="flex gap-2">
        <Button variant="danger" disabled={remove.isPending} onClick={() => remove.mutate()}>
          {remove.isPending ? "Deleting…" : "Delete the card"}
        </Button>
        <Button variant="secondary" onClick={() => setConfirming(false)}>
          Keep it
        </Button>
      </div>
      {error && <Notice tone="error">{error}</Notice>}
    </div>
  );
}
