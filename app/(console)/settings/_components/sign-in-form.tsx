"use client";

import type { Settings } from "@/lib/platform/settings/schema";
import { CheckboxInput } from "@/components/form/inputs";
import { useKitForm } from "@/components/form/kit-form";
import { SettingsForm } from "./use-settings-save";
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

  return (
    <SettingsForm section="signIn" testId="sign-in" form={form} columns={1}>
      <CheckboxInput name="mfaRequiredForEveryone" id="mfa-everyone" label={t("signIn.everyone")} />
    </SettingsForm>
  );
}
