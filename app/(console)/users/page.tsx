import { requirePageUser } from "@/lib/platform/auth/session";
import { listUsers } from "@/lib/users/service";
import { userList } from "@/lib/users/search-params";
import { PrefetchedList } from "@/components/data-table/prefetched-list";
import { AdminForms, UsersTable } from "./_components/users-table";
import { adminStanding, listPending } from "@/lib/pending-changes/store";
import { PendingPanel } from "@/components/workflows/pending-changes/pending-panel-lazy";
import { getTranslations, titled } from "@/lib/platform/i18n/server";
import { PageHeader } from "@/components/ui/page-header";
import { listRoles } from "@/lib/roles/service";
import { isPreset, NO_ACCESS, ROLE_LABELS } from "@/lib/platform/auth/permissions";
import type { PageSearch } from "@/lib/platform/api/list-state";

export const generateMetadata = titled("users", "title");

export default async function UsersPage({ searchParams }: PageSearch) {
  const me = await requirePageUser("users.manage");
  const state = await userList.load(searchParams);
  const search = userList.search(state);
  const [pending, rolePending, admins, t, tc, roles] = await Promise.all([
    listPending("users"),
    listPending("roles"),
    adminStanding(),
    getTranslations("users"),
    getTranslations("common"),
    listRoles(),
  ]);
  const named = roles.map((r) => ({
    ...r,
    label: isPreset(r.key) ? tc(ROLE_LABELS[r.key]) : r.key === NO_ACCESS ? tc("roles.noAccess") : r.name,
  }));
  // A role the merchant named is shown in the merchant's own words, in every language.
  const options = named.map(({ key, label }) => ({ key, label, own: !isPreset(key) && key !== NO_ACCESS }));
  return (
    <div className="space-y-6">
      <PageHeader title={t("title")}>{t("intro")}</PageHeader>
      <PendingPanel items={[...pending, ...rolePending]} currentUserId={me.id} roles={options} {...admins} />
      <PrefetchedList
        queries={[
          {
            queryKey: userList.options(search).queryKey,
            load: async () => ({ users: await listUsers(userList.filter(state)) }),
          },
        ]}
      >
        <UsersTable currentUserId={me.id} roles={options} presets={options.filter((r) => isPreset(r.key))} />
      </PrefetchedList>
      <AdminForms roles={options} roleViews={named} />
    </div>
  );
}
