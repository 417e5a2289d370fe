"use client";

import type { Settings } from "@/lib/platform/settings/schema";
import { CheckboxInput } from "@/components/form/field";
import { KitForm, useKitForm } from "@/components/form/kit-form";
import { SettingsFooter, useSettingsSave } from "./use-settings-save";
import { useTranslations } from "@/lib/platform/i18n/client";

type SignInChange = Pick<Settings, "mfaRequiredForEveryone">;

/**
 * Two-step sign-in for everyone (lib/platform/auth/session-policy.ts): roles that move money, create
 * charges, manage cards or the console need it whatever this says. Turning it off waits for
 * a second admin (a loosening); turning it on applies at once.
 */
export function SignInForm({ everyone }: { everyone: boolean }) {
  const t = useTranslations("settings");
  const form = useKitForm<SignInChange, SignInChange>({
    schema: () =>
      import("@/lib/platform/settings/schema").then(
        (m) => () => m.settingsSchema.pick({ mfaRequiredForEveryone: true }),
      ),
    defaultValues: { mfaRequiredForEveryone: everyone },
  });
  const { onValid, pending, message, dialog } = useSettingsSave(form, t("signIn.saved"));

  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 className="font-semibold">{t("signIn.title")}</h2>
      <p className="text-sm text-slate-600">{t("signIn.intro")}</p>
      <KitForm form={form} onValid={onValid} className="mt-4 space-y-4" data-testid="sign-in-form">
        <CheckboxInput name="mfaRequiredForEveryone" id="mfa-everyone" label={t("signIn.everyone")} />
        <SettingsFooter
          message={message}
          pending={pending}
          label={t("signIn.save")}
          testId="sign-in-message"
          className=""
        />
      </KitForm>
      {dialog}
    </section>
  );
}
