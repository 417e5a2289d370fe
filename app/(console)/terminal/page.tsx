import { requirePageUser } from "@/lib/platform/auth/session";
import { ChargeForm } from "./_components/charge-form";
import { vaultTokenParamSchema } from "@/lib/vault/schemas";
import { getTranslations, titled } from "@/lib/platform/i18n/server";
import { PageHeader } from "@/components/ui/page-header";
import { webhookUrl } from "@/lib/charges/request";
import { getSettings } from "@/lib/platform/settings/service";
import type { PageSearch } from "@/lib/platform/api/list-state";

export const generateMetadata = titled("terminal", "title");

export default async function TerminalPage({ searchParams }: PageSearch) {
  const user = await requirePageUser("charges.create");
  const t = await getTranslations("terminal");
  const ipn = webhookUrl((await getSettings()).publicUrl);
  // "Charge this card" on a stored card lands here with its token filled in.
  const token = vaultTokenParamSchema.safeParse({ token: (await searchParams).vaultToken });
  return (
    <div className="max-w-4xl space-y-4">
      <PageHeader title={t("title")}>{t("description")}</PageHeader>
      <ChargeForm
        key={token.success ? token.data.token : ""}
        vaultToken={token.success ? token.data.token : undefined}
        userId={user.id}
        ipn={ipn}
      />
    </div>
  );
}
