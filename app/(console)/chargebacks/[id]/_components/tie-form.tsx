"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { apiFetch } from "@/lib/platform/api/client";
import { useTranslations } from "@/lib/platform/i18n/client";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/form/field";
import { Notice } from "@/components/ui/notice";

/** A manager ties a chargeback no inquiry lists yet to the charge it disputes (audited by the server). */
export function TieForm({ caseId }: { caseId: string }) {
  const t = useTranslations("chargebacks.tie");
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const tie = useMutation({
    mutationFn: (chargeId: string) =>
      apiFetch(`/api/chargebacks/${encodeURIComponent(caseId)}/charge`, { method: "PUT", json: { chargeId } }),
    onSuccess: () => router.refresh(),
    onError: (e) => setError(e.message),
  });
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    tie.mutate(String(new FormData(event.currentTarget).get("chargeId") ?? "").trim());
  }
  return (
    <form method="post" onSubmit={submit} className="mt-3 flex flex-wrap items-end gap-2" data-testid="tie-form">
      <Field name="chargeId" label={t("chargeId")}>
        {(control) => <input {...control} name="chargeId" required />}
      </Field>
      <Button type="submit" disabled={tie.isPending}>
        {t("submit")}
      </Button>
      {error && (
        <Notice tone="error" testId="tie-error">
          {error}
        </Notice>
      )}
    </form>
  );
}

/** Tied by hand to another charge than the one the provider lists it under: one press moves it there (audited). */
export function RetieButton({ caseId, listed }: { caseId: string; listed: string }) {
  const t = useTranslations("chargebacks.tie");
  const router = useRouter();
  const retie = useMutation({
    mutationFn: () =>
      apiFetch(`/api/chargebacks/${encodeURIComponent(caseId)}/charge`, { method: "PUT", json: { chargeId: listed } }),
    onSuccess: () => router.refresh(),
  });
  return (
    <span className="mt-2 flex flex-wrap items-center gap-2">
      <Button type="button" onClick={() => retie.mutate()} disabled={retie.isPending} data-testid="retie">
        {t("retie", { listed })}
      </Button>
      {retie.error && (
        <Notice tone="error" testId="retie-error">
          {retie.error.message}
        </Notice>
      )}
    </span>
  );
}
