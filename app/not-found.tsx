import Link from "next/link";
import { getTranslations } from "@/lib/platform/i18n/server";

export default async function NotFound() {
  const t = await getTranslations("common");
  return (
    <main className="mx-auto max-w-lg px-6 py-24 text-center">
      <p className="text-sm font-semibold text-brand-600">404</p>
      <h1 className="mt-2 text-2xl font-semibold">{t("notFound.title")}</h1>
      <Link href="/" className="mt-6 inline-block text-brand-600 hover:underline">
        {t("notFound.back")}
      </Link>
    </main>
  );
}
