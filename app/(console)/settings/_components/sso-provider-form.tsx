"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { apiFetch } from "@/lib/platform/api/client";
import { useStepUp } from "@/components/auth/step-up";
import { isPendingAnswer, WAITING_TEXT } from "@/components/workflows/pending-changes/waiting";
import { TextInput } from "@/components/form/inputs";
import { KitForm, useKitForm } from "@/components/form/kit-form";
import { useFormSend } from "@/components/form/use-form-send";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { useTranslations } from "@/lib/platform/i18n/client";
import type { SsoProviderInput } from "@/lib/sso/schemas";

// The identity provider: issuer, client id and secret, saved as one credential (step-up, and the
// other admin's approval once there were two). The secret is never shown; Test fetches the
// issuer's discovery document and keys.

type TestResult = { ok: true; keys: number; pkce: boolean } | { ok: false; problem: string };
const PROBLEMS = ["no_issuer", "unreachable", "not_oidc", "issuer_mismatch", "no_keys"] as const;

export function SsoProviderForm({
  issuer,
  clientId,
  secretSet,
}: {
  issuer: string;
  clientId: string;
  secretSet: boolean;
}) {
  const t = useTranslations("settings");
  const tc = useTranslations("common");
  const router = useRouter();
  const { withStepUp, dialog } = useStepUp();
  const form = useKitForm<SsoProviderInput, SsoProviderInput>({
    schema: () => import("@/lib/sso/schemas").then((m) => () => m.ssoProviderSchema),
    defaultValues: { issuer, clientId, clientSecret: "" },
  });
  const { onValid, pending, message, setMessage } = useFormSend(
    form,
    (body: SsoProviderInput) => withStepUp(() => apiFetch("/api/settings/sso/provider", { method: "PUT", json: body })),
    (answer) => {
      form.setValue("clientSecret", "");
      router.refresh();
      return isPendingAnswer(answer) ? tc(WAITING_TEXT) : t("sso.providerSaved");
    },
  );
  const test = useMutation({
    mutationFn: () =>
      apiFetch<TestResult>("/api/settings/sso/test", {
        method: "POST",
        json: form.getValues("issuer") ? { issuer: form.getValues("issuer") } : {},
      }),
    onSuccess: (r) =>
      setMessage(
        r.ok
          ? { tone: "success", text: t("sso.test.ok", { keys: r.keys }) }
          : {
              tone: "error",
              text: t(`sso.test.${PROBLEMS.includes(r.problem as never) ? r.problem : "unreachable"}` as never),
            },
      ),
    onError: (e) => setMessage({ tone: "error", text: e.message }),
  });
  return (
    <>
      <KitForm form={form} onValid={onValid} className="mt-4 space-y-3" data-testid="sso-provider-form">
        <TextInput
          name="issuer"
          id="sso-issuer"
          label={t("sso.issuer")}
          placeholder="https://login.example.com"
          translate="no"
        />
        <TextInput name="clientId" id="sso-client-id" label={t("sso.clientId")} autoComplete="off" translate="no" />
        <TextInput
          name="clientSecret"
          id="sso-client-secret"
          label={t("sso.clientSecret")}
          type="password"
          autoComplete="off"
          placeholder={secretSet ? t("sso.secretSet") : t("credentials.paste")}
        />
        {message && (
          <Notice tone={message.tone} testId="sso-provider-message">
            {message.text}
          </Notice>
        )}
        <div className="flex gap-2">
          <Button type="submit" disabled={pending}>
            {t("sso.saveProvider")}
          </Button>
          <Button type="button" variant="secondary" onClick={() => test.mutate()} disabled={test.isPending}>
            {test.isPending ? t("credentials.testing") : t("sso.testButton")}
          </Button>
        </div>
      </KitForm>
      {dialog}
    </>
  );
}
