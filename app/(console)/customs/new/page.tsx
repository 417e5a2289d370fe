import { requirePageUser } from "@/lib/platform/auth/session";
import { can } from "@/lib/platform/auth/permissions";
import { merchantCustoms } from "@/lib/declarations/merchant-customs";
import { recentLocations } from "@/lib/declarations/view";
import { getTranslations, titled } from "@/lib/platform/i18n/server";
import { DeclarationForm } from "./_components/declaration-form";
import { MerchantGap } from "../_components/merchant-gap";
import type { PageSearch } from "@/lib/platform/api/list-state";
import { PageHeader } from "@/components/ui/page-header";

export const generateMetadata = titled("customs", "form.title");

export default async function NewDeclarationPage({ searchParams }: PageSearch) {
  const user = await requirePageUser("customs.declare");
  const q = await searchParams;
  const transaction = typeof q.transaction === "string" && /^[\w-]{1,64}$/.test(q.transaction) ? q.transaction : "";
  const [merchant, locations, t] = await Promise.all([
    merchantCustoms(),
    recentLocations(),
    getTranslations("customs"),
  ]);
  return (
    <div className="max-w-5xl space-y-4">
      <PageHeader back={{ href: "/customs", label: t("back") }} title={t("form.title")}>
        {t("form.intro")}
      </PageHeader>
      <MerchantGap gap={merchant.gap} canSet={can(user, "settings.manage")} single />
      <DeclarationForm
        transaction={transaction}
        defaults={{ code: merchant.code, name: merchant.name }}
        locations={locations}
      />
    </div>
  );
}
