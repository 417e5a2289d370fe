import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getCurrentUser } from "@/lib/platform/auth/session";
import { safeCallback } from "@/lib/platform/auth/safe-callback";
import { getTranslations } from "@/lib/platform/i18n/server";
import { LoginForm } from "./login-form";
import { BrandMark } from "@/components/shell/brand-mark";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth");
  return { title: t("signIn") };
}

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const callbackUrl = safeCallback(params.callbackUrl);
  if (await getCurrentUser()) redirect(callbackUrl);
  const t = await getTranslations("auth");
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-sm">
        <div className="mb-8 text-center">
          <BrandMark className="mx-auto h-11 w-11" />
          <h1 className="mt-4 text-2xl font-semibold">{t("productName")}</h1>
          <p className="mt-1 text-sm text-slate-600">{t("intro")}</p>
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <LoginForm callbackUrl={callbackUrl} ended={params.ended === "1"} />
        </div>
      </div>
    </main>
  );
}
