"use client";

import { apiFetch } from "@/lib/platform/api/client";
import { PASSWORD_MIN_LENGTH } from "@/lib/platform/auth/password-policy";
import { Button } from "@/components/ui/button";
import { TextInput } from "@/components/form/inputs";
import { FormSummary } from "@/components/form/form-summary";
import { KitForm, useKitForm } from "@/components/form/kit-form";
import { useFormSend } from "@/components/form/use-form-send";
import { Notice } from "@/components/ui/notice";
import { useTranslations } from "@/lib/platform/i18n/client";
import { Card } from "@/components/ui/card";

type Values = { currentPassword: string; newPassword: string; confirmPassword: string };
type Body = { currentPassword: string; newPassword: string };

export function PasswordForm() {
  const t = useTranslations("account");
  const form = useKitForm<Values, Body>({
    schema: () => import("./password-schema").then((m) => m.passwordFormSchema),
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });
  const { onValid, pending, message } = useFormSend(
    form,
    (body: Body) => apiFetch("/api/me/password", { method: "POST", json: body }),
    () => {
      // The next page tells whether anything else is needed (a second factor for some roles).
      window.location.assign("/");
      return t("password.changed");
    },
  );

  return (
    <Card padding={5}>
      <KitForm form={form} onValid={onValid} className="space-y-4">
        {message && (
          <Notice tone={message.tone} testId="password-message">
            {message.text}
          </Notice>
        )}
        <TextInput
          name="currentPassword"
          label={t("password.current")}
          type="password"
          autoComplete="current-password"
        />
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
    </Card>
  );
}
