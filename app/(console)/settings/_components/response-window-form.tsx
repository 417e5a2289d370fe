"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { apiFetch } from "@/lib/platform/api/client";
import { CHARGEBACK_STATUSES } from "@/lib/upi/chargeback-statuses";
import { statusLabelWith } from "@/lib/ledger/status-label";
import type { ResponseDays } from "@/lib/chargebacks/deadline";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/form/field";
import { Notice } from "@/components/ui/notice";
import { useTranslations } from "@/lib/platform/i18n/client";
import { Card, CardIntro, CardTitle } from "@/components/ui/card";
import { useSettingsHeaders } from "./settings-version";

const fieldId = (status: string) => `window-${status.toLowerCase().replace(/\s+/g, "-")}`;

/** Days to respond to a chargeback per status: the console's own rule, since the API gives no deadline. */
export function ResponseWindowForm({ days }: { days: ResponseDays }) {
  const t = useTranslations("settings");
  const statuses = useTranslations("statuses");
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const router = useRouter();
  const headers = useSettingsHeaders();
  const save = useMutation({
    mutationFn: (chargebackResponseDays: ResponseDays) =>
      apiFetch("/api/settings", { method: "PATCH", json: { chargebackResponseDays }, headers }),
    onSuccess: () => {
      setMessage({ tone: "success", text: t("responseWindows.saved") });
      router.refresh();
    },
    onError: (e) => setMessage({ tone: "error", text: e.message }),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const f = new FormData(event.currentTarget);
    const next: ResponseDays = {};
    for (const status of CHARGEBACK_STATUSES) {
      const raw = String(f.get(fieldId(status)) ?? "").trim();
      if (!raw) continue;
      const n = Number(raw);
      if (!Number.isInteger(n) || n < 1 || n > 365)
        return setMessage({ tone: "error", text: t("responseWindows.invalid", { status }) });
      next[status] = n;
    }
    save.mutate(next);
  }

  return (
    <Card padding={5}>
      <CardTitle>{t("responseWindows.title")}</CardTitle>
      <CardIntro>{t("responseWindows.intro")}</CardIntro>
      <form
        method="post"
        onSubmit={onSubmit}
        className="mt-4 grid gap-4 sm:grid-cols-3"
        noValidate
        data-testid="response-window-form"
      >
        {CHARGEBACK_STATUSES.map((status) => (
          <Field
            key={status}
            name={fieldId(status)}
            label={t("responseWindows.days", { status: statusLabelWith(statuses, status) })}
          >
            {(control) => (
              <input
                {...control}
                name={fieldId(status)}
                type="number"
                min={1}
                max={365}
                step={1}
                defaultValue={days[status] ?? ""}
              />
            )}
          </Field>
        ))}
        <div className="space-y-3 sm:col-span-3">
          {message && (
            <Notice tone={message.tone} testId="response-window-message">
              {message.text}
            </Notice>
          )}
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t("saving") : t("responseWindows.save")}
          </Button>
        </div>
      </form>
    </Card>
  );
}
