"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { apiFetch } from "@/lib/platform/api/client";
import { Button } from "@/components/ui/button";
import { useTranslations } from "@/lib/platform/i18n/client";

/** Paste a transaction id: the console inquires it and adds it to the ledger. */
export function ImportForm() {
  const t = useTranslations("transactions.import");
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const importTx = useMutation({
    mutationFn: (id: string) =>
      apiFetch<{ href: string }>("/api/transactions/import", { method: "POST", json: { id } }),
    onSuccess: ({ href }) => router.push(href),
    onError: (e) => setError(e.message),
  });
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    importTx.mutate(String(new FormData(event.currentTarget).get("id") ?? "").trim());
  }
  return (
    <form method="post" onSubmit={onSubmit} className="flex flex-col gap-1" noValidate>
      <div className="flex items-end gap-2">
        <label className="flex flex-col text-xs text-slate-600">
          {t("label")}
          <input
            name="id"
            placeholder={t("placeholder")}
            className="w-64 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
            aria-label={t("aria")}
          />
        </label>
        <Button type="submit" variant="secondary" disabled={importTx.isPending}>
          {importTx.isPending ? t("importing") : t("submit")}
        </Button>
      </div>
      {error && (
        <p className="max-w-md text-xs text-red-700" data-testid="import-error">
          {error}
        </p>
      )}
    </form>
  );
}
