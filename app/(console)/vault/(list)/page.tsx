import { requirePageUser } from "@/lib/platform/auth/session";
import { can } from "@/lib/platform/auth/permissions";
import { listVault } from "@/lib/vault/list";
import { VAULT_PAGE, vaultList } from "@/lib/vault/search-params";
import { PrefetchedList, prefetchOf } from "@/components/data-table/prefetched-list";
import { AddCardForm, VaultList } from "../_components/vault-list";
import { getTranslations, titled } from "@/lib/platform/i18n/server";
import { PageHeader } from "@/components/ui/page-header";
import type { PageSearch } from "@/lib/platform/api/list-state";

export const generateMetadata = titled("vault", "title");

const prefetch = prefetchOf(vaultList, (f) => listVault({ ...f, limit: VAULT_PAGE }));

export default async function VaultPage({ searchParams }: PageSearch) {
  const user = await requirePageUser("vault.read");
  const t = await getTranslations("vault");
  return (
    <div className="space-y-5">
      <PageHeader title={t("title")}>{t("description")}</PageHeader>
      {can(user, "vault.manage") && <AddCardForm />}
      <PrefetchedList queries={[await prefetch(searchParams)]}>
        <VaultList />
      </PrefetchedList>
    </div>
  );
}
