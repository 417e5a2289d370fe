"use client";

import { useRouter } from "next/navigation";
import type { ReactNode } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { apiFetch } from "@/lib/platform/api/client";
import { isPendingAnswer, WAITING_TEXT } from "@/components/workflows/pending-changes/waiting";
import { useStepUp } from "@/components/auth/step-up";
import { FormSummary } from "@/components/form/form-summary";
import { KitForm } from "@/components/form/kit-form";
import { type FormMessage, useFormSend } from "@/components/form/use-form-send";
import { useLeaveWarning } from "@/components/form/use-leave-warning";
import { Button } from "@/components/ui/button";
import { Card, CardIntro, CardTitle } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { useTranslations } from "@/lib/platform/i18n/client";
import { useSettingsHeaders } from "./settings-version";

// What every Settings form does with its change: PATCH /api/settings (a fresh authenticator
// code first when the server asks for one), "waiting for a second admin" when the change must
// be approved, the server's field problems back on the fields, and the page refreshed.

export function useSettingsSave<V extends FieldValues, C>(form: UseFormReturn<V, unknown, C>, saved: string) {
  const tc = useTranslations("common");
  const ts = useTranslations("settings");
  const router = useRouter();
  const { withStepUp, dialog } = useStepUp();
  const headers = useSettingsHeaders();
  const { onValid, pending, message } = useFormSend(
    form,
    (change: C) => withStepUp(() => apiFetch("/api/settings", { method: "PATCH", json: change, headers })),
    (answer) => {
      form.reset(form.getValues());
      router.refresh(); // a changed base URL shows as not tested yet
      return isPendingAnswer(answer) ? tc(WAITING_TEXT) : saved;
    },
  );
  useLeaveWarning(form.formState.isDirty && !pending, ts("leave"));
  return { onValid, pending, message, dialog };
}

/** The end of a Settings form: every problem, the outcome, and the button. */
export function SettingsFooter({
  message,
  pending,
  label,
  testId,
  className,
}: {
  message: FormMessage | null;
  pending: boolean;
  label: string;
  testId: string;
  className: string;
}) {
  const t = useTranslations("settings");
  return (
    <div className={`space-y-3 ${className}`}>
      <FormSummary />
      {message && (
        <Notice tone={message.tone} testId={testId}>
          {message.text}
        </Notice>
      )}
      <Button type="submit" disabled={pending}>
        {pending ? t("saving") : label}
      </Button>
    </div>
  );
}

const GRID = {
  1: ["space-y-4", ""],
  2: ["grid gap-4 sm:grid-cols-2", "sm:col-span-2"],
  4: ["grid gap-4 sm:grid-cols-4", "sm:col-span-4"],
};

/**
 * A Settings card: the section's title and intro (its keys title, intro, save and saved), the
 * form's fields in one, two or four columns, then every problem, the outcome and the button.
 */
export function SettingsForm<V extends FieldValues, C>({
  section,
  testId,
  form,
  columns,
  above,
  children,
}: {
  section: "approval" | "batch" | "environment" | "reconciliation" | "regional" | "retention" | "signIn";
  /** The form's test id; its outcome's is the same with "-message". */
  testId: string;
  form: UseFormReturn<V, unknown, C>;
  columns: keyof typeof GRID;
  /** What stands between the intro and the fields. */
  above?: ReactNode;
  children: ReactNode;
}) {
  const t = useTranslations("settings");
  const { onValid, pending, message, dialog } = useSettingsSave(form, t(`${section}.saved`));
  const [grid, span = ""] = GRID[columns];
  return (
    <Card padding={5}>
      <CardTitle>{t(`${section}.title`)}</CardTitle>
      <CardIntro>{t(`${section}.intro`)}</CardIntro>
      {above}
      <KitForm form={form} onValid={onValid} className={`mt-4 ${grid}`} data-testid={`${testId}-form`}>
        {children}
        <SettingsFooter
          message={message}
          pending={pending}
          label={t(`${section}.save`)}
          testId={`${testId}-message`}
          className={span}
        />
      </KitForm>
      {dialog}
    </Card>
  );
}
