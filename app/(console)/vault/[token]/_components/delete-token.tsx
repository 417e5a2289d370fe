"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { apiFetch } from "@/lib/platform/api/client";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { Notice } from "@/components/ui/notice";
import { useTranslations } from "@/lib/platform/i18n/client";

/** Delete, asked first: the card cannot be charged with this token afterwards. */
export function DeleteToken({ token, label }: { token: string; label: string }) {
  const t = useTranslations("vault.delete");
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const { ask, dialog } = useConfirm();
  const remove = useMutation({
    mutationFn: () => apiFetch(`/api/vault/${encodeURIComponent(token)}`, { method: "DELETE" }),
    onSuccess: () => router.refresh(),
    onError: (e) => setError(e.message),
  });
  return (
    <div className="space-y-2">
      <Button
        variant="danger"
        disabled={remove.isPending}
        onClick={() =>
          ask({
            title: t("title", { label }),
            description: t("description", { token }),
            confirmLabel: t("confirm"),
            cancelLabel: t("keep"),
            onConfirm: () => {
              setError(null);
              remove.mutate();
            },
          })
        }
      >
        {remove.isPending ? t("deleting") : t("button")}
      </Button>
      {error && <Notice tone="error">{error}</Notice>}
      {dialog}
    </div>
  );
}
