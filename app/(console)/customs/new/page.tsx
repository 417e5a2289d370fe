import Link from "next/link";
import { requirePageUser } from "@/lib/platform/auth/session";
import { getSettings } from "@/lib/platform/settings/service";
import { recentLocations } from "@/lib/declarations/view";
import { getTranslations } from "@/lib/platform/i18n/server";
import { DeclarationForm } from "./_components/declaration-form";

export async function generateMetadata() {
  const t = await getTranslations("customs");
  return { title: t("form.title") };
}

export default async function NewDeclarationPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requirePageUser("customs.declare");
  const q = await searchParams;
  const transaction = typeof q.transaction === "string" && /^[\w-]{1,64}$/.test(q.transaction) ? q.transaction : "";
  const [settings, locations, t] = await Promise.all([getSettings(), recentLocations(), getTranslations("customs")]);
  return (
    <div className="max-w-5xl space-y-4">
      <div>
        <Link href="/customs" className="text-sm text-brand-600 hover:underline">
          {t("back")}
        </Link>
        <h1 className="mt-1 text-2xl font-semibold">{t("form.title")}</h1>
        <p className="mt-1 text-slate-600">{t("form.intro")}</p>
      </div>
      <DeclarationForm
        transaction={transaction}
        defaults={{ code: settings.merchantCustomsCode, name: settings.merchantCustomsName }}
        locations={locations}
      />
    </div>
  );
}
