import type { Metadata } from "next";
import { requirePageUser } from "@/lib/platform/auth/session";
import { listUsers } from "@/lib/users/service";
import { UsersTable } from "./_components/users-table";
import { CreateUserForm } from "./_components/create-user-form-lazy";
import { adminStanding, listPending } from "@/lib/pending-changes/store";
import { PendingPanel } from "@/components/pending-changes/pending-panel";
import { getTranslations } from "@/lib/platform/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("users");
  return { title: t("title") };
}

export default async function UsersPage() {
  const me = await requirePageUser("users.manage");
  const [users, pending, admins, t] = await Promise.all([
    listUsers(),
    listPending("users"),
    adminStanding(),
    getTranslations("users"),
  ]);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <p className="mt-1 text-slate-600">{t("intro")}</p>
      </div>
      <PendingPanel items={pending} currentUserId={me.id} {...admins} />
      <UsersTable
        currentUserId={me.id}
        users={users.map((u) => ({
          ...u,
          lastSignInAt: u.lastSignInAt?.toISOString() ?? null,
          createdAt: u.createdAt.toISOString(),
        }))}
      />
      <CreateUserForm />
    </div>
  );
}
