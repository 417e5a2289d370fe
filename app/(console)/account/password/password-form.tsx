"use client";

import { useState } from "react";
import { apiFetch } from "@/lib/platform/api/client";
import { PASSWORD_MIN_LENGTH } from "@/lib/platform/auth/password-policy";
import { Button } from "@/components/ui/button";
import { TextInput } from "@/components/form/field";
import { FormSummary } from "@/components/form/form-summary";
import { applyServerErrors, KitForm, useKitForm } from "@/components/form/kit-form";
import { Notice } from "@/components/ui/notice";
import { useTranslations } from "@/lib/platform/i18n/client";

type Values = { currentPassword: string; newPassword: string; confirmPassword: string };
type Body = { currentPassword: string; newPassword: string };

export function PasswordForm() {
  const t = useTranslations("account");
  const form = useKitForm<Values, Body>({
    schema: () => import("./password-schema").then((m) => m.passwordFormSchema),
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const [pending, setPending] = useState(false);

  async function save(body: Body) {
    setPending(true);
    setMessage(null);
    try {
      await apiFetch("/api/me/password", { method: "POST", json: body });
      setMessage({ tone: "success", text: t("password.changed") });
      // The next page tells whether anything else is needed (a second factor for some roles).
      window.location.assign("/");
    } catch (e) {
      const left = applyServerErrors(form, e instanceof Error ? e : new Error(String(e)));
      setMessage(left.length ? { tone: "error", text: left.join(" ") } : null);
    } finally {
      setPending(false);
    }
  }

  return (
    <KitForm form={form} onValid={save} className="space-y-4 rounded-xl border border-slate-200 bg-white p-5">
      {message && (
        <Notice tone={message.tone} testId="password-message">
          {message.text}
        </Notice>
      )}
      <TextInput name="currentPassword" label={t("password.current")} type="password" autoComplete="current-password" />
      <TextInput
        name="newPassword"
        label={t("password.new")}
        type="password"
        autoComplete="new-password"
        hint={t("password.hint", { min: PASSWORD_MIN_LENGTH })}
      />
      <TextInput name="confirmPassword" label={t("password.again")} type="password" autoComplete="new-password" />
      <FormSummary />
      <Button type="submit" disabled={pending}>
        {pending ? t("password.saving") : t("password.change")}
      </Button>
    </KitForm>
  );
}
