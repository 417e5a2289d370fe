import Link from "next/link";
import { getTranslations } from "@/lib/platform/i18n/server";

export default async function Forbidden() {
  const t = await getTranslations("common");
  return (
    <main className="mx-auto max-w-lg px-6 py-24 text-center">
      <p className="text-sm font-semibold text-brand-600">403</p>
      <h1 className="mt-2 text-2xl font-semibold">{t("forbidden.title")}</h1>
      <p className="mt-3 text-slate-600">{t("forbidden.body")}</p>
      <Link href="/" className="mt-6 inline-block text-brand-600 hover:underline">
        {t("notFound.back")}
      </Link>
    </main>
  );
}
