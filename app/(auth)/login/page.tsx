import { redirect } from "next/navigation";
import { getCurrentUser } from "@/lib/platform/auth/session";
import { safeCallback } from "@/lib/platform/auth/safe-callback";
import { signInOptions } from "@/lib/platform/auth/sso-gate";
import { getTranslations, titled } from "@/lib/platform/i18n/server";
import { config } from "@/lib/platform/config";
import { LoginForm } from "./login-form";
import { SsoFinish } from "./sso-finish";
import { BreakGlassLink, isRefusal, SsoButton, SsoRefused } from "./sso-options";
import { BrandMark } from "@/components/shell/brand-mark";
import { Card } from "@/components/ui/card";
import type { PageSearch } from "@/lib/platform/api/list-state";

export const generateMetadata = titled("auth", "signIn");

export default async function LoginPage({ searchParams }: PageSearch) {
  const params = await searchParams;
  const callbackUrl = safeCallback(params.callbackUrl);
  if (await getCurrentUser()) redirect(callbackUrl);
  const [t, options] = await Promise.all([getTranslations("auth"), signInOptions()]);
  const refusal = isRefusal(params.sso_error) ? params.sso_error : null;
  const finishing = params.sso === "finish" || params.sso === "code" ? params.sso : null;
  // SSO required: the password form only behind the break-glass link (the server still refuses anyone not listed).
  const passwords = options.passwords || params.breakglass === "1";
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-sm">
        <div className="mb-8 text-center">
          <BrandMark className="mx-auto h-11 w-11" />
          <h1 className="mt-4 text-2xl font-semibold">{t("productName")}</h1>
          <p className="mt-1 text-sm text-slate-600">{t("intro")}</p>
        </div>
        <Card as="div" padding={6} className="shadow-sm">
          {finishing ? (
            <SsoFinish step={finishing} callbackUrl={callbackUrl} />
          ) : (
            <>
              {refusal && <SsoRefused reason={refusal} />}
              {options.sso && <SsoButton label={options.sso.label} callbackUrl={callbackUrl} again={!!refusal} />}
              {options.sso && passwords && (
                <p className="my-4 text-center text-xs uppercase text-slate-500">{t("sso.or")}</p>
              )}
              {passwords && (
                <LoginForm callbackUrl={callbackUrl} ended={params.ended === "1"} demoRoles={config().demoAccounts} />
              )}
              {!passwords && <BreakGlassLink callbackUrl={callbackUrl} />}
            </>
          )}
        </Card>
      </div>
    </main>
  );
}
