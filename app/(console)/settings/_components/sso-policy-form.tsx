"use client";

import { useRouter } from "next/navigation";
import { apiFetch } from "@/lib/platform/api/client";
import { useStepUp } from "@/components/auth/step-up";
import { isPendingAnswer, WAITING_TEXT } from "@/components/workflows/pending-changes/waiting";
import { SelectInput, TextInput, useFieldError } from "@/components/form/inputs";
import { Field } from "@/components/form/field";
import { KitForm, useKitForm } from "@/components/form/kit-form";
import { useFormSend } from "@/components/form/use-form-send";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { useTranslations } from "@/lib/platform/i18n/client";
import type { SsoPolicy } from "@/lib/sso/schemas";
import type { SsoPolicyValues } from "./sso-schema";
import { useFormContext } from "react-hook-form";

// Who signs in how: off / optional / required, the button's words, the groups claim and which
// group gives which role, the break-glass admins, and the acr values that count as a second factor.

function LinesInput({
  name,
  label,
  hint,
  id,
}: {
  name: keyof SsoPolicyValues;
  label: string;
  hint: React.ReactNode;
  id: string;
}) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  return (
    <Field name={name} label={label} id={id} hint={hint} error={error}>
      {(control) => (
        <textarea
          {...control}
          {...register(name)}
          rows={3}
          translate="no"
          className={`${control.className} font-mono text-sm`}
        />
      )}
    </Field>
  );
}

export function SsoPolicyForm({
  initial,
  roles,
  mfaAcrHint,
}: {
  initial: SsoPolicyValues;
  roles: { key: string; name: string }[];
  mfaAcrHint: React.ReactNode;
}) {
  const t = useTranslations("settings");
  const tc = useTranslations("common");
  const router = useRouter();
  const { withStepUp, dialog } = useStepUp();
  const form = useKitForm<SsoPolicyValues, SsoPolicy>({
    schema: () => import("./sso-schema").then((m) => () => m.ssoPolicyFormSchema),
    defaultValues: initial,
  });
  const { onValid, pending, message } = useFormSend(
    form,
    (body: SsoPolicy) => withStepUp(() => apiFetch("/api/settings/sso/policy", { method: "PUT", json: body })),
    (answer) => {
      router.refresh();
      return isPendingAnswer(answer) ? tc(WAITING_TEXT) : t("sso.policySaved");
    },
  );
  return (
    <>
      <KitForm form={form} onValid={onValid} className="mt-4 space-y-3" data-testid="sso-policy-form">
        <SelectInput name="mode" id="sso-mode" label={t("sso.mode")}>
          <option value="off">{t("sso.modes.off")}</option>
          <option value="optional">{t("sso.modes.optional")}</option>
          <option value="required">{t("sso.modes.required")}</option>
        </SelectInput>
        <TextInput name="label" id="sso-label" label={t("sso.label")} translate="no" />
        <TextInput name="groupsClaim" id="sso-groups-claim" label={t("sso.groupsClaim")} translate="no" />
        <LinesInput name="mappings" id="sso-mappings" label={t("sso.mappings")} hint={t("sso.mappingsHint")} />
        <p className="text-xs text-slate-500">
          {t("sso.rolesAre")}{" "}
          {roles.map((r, i) => (
            <span key={r.key}>
              {i > 0 && ", "}
              <code translate="no">{r.key}</code> (<span translate="no">{r.name}</span>)
            </span>
          ))}
        </p>
        <LinesInput name="breakGlass" id="sso-break-glass" label={t("sso.breakGlass")} hint={t("sso.breakGlassHint")} />
        <LinesInput name="mfaAcr" id="sso-mfa-acr" label={t("sso.mfaAcr")} hint={mfaAcrHint} />
        {message && (
          <Notice tone={message.tone} testId="sso-policy-message">
            {message.text}
          </Notice>
        )}
        <Button type="submit" disabled={pending}>
          {t("sso.savePolicy")}
        </Button>
      </KitForm>
      {dialog}
    </>
  );
}
