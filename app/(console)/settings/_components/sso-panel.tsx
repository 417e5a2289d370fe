import { getTranslations } from "@/lib/platform/i18n/server";
import { Card, CardIntro, CardTitle } from "@/components/ui/card";
import type { ssoStatus } from "@/lib/sso/config";
import { SsoProviderForm } from "./sso-provider-form";
import { SsoPolicyForm } from "./sso-policy-form";
import { policyFormValues } from "./sso-schema";

const code = (chunks: React.ReactNode) => <code translate="no">{chunks}</code>;

// Settings' single sign-on card: the provider (a credential) and the policy, each saved on its own.
export async function SsoPanel({
  status,
  roles,
}: {
  status: Awaited<ReturnType<typeof ssoStatus>>;
  roles: { key: string; name: string }[];
}) {
  const t = await getTranslations("settings");
  return (
    <Card padding={5}>
      <CardTitle>{t.rich("sso.title", { code })}</CardTitle>
      <CardIntro>{t.rich("sso.intro", { code })}</CardIntro>
      <p className="mt-2 text-sm text-slate-600">
        {t("sso.redirectUri")} <code translate="no">{status.redirectUri}</code>
      </p>
      <SsoProviderForm issuer={status.issuer} clientId={status.clientId} secretSet={status.clientSecretSet} />
      <SsoPolicyForm initial={policyFormValues(status)} roles={roles} mfaAcrHint={t.rich("sso.mfaAcrHint", { code })} />
    </Card>
  );
}
