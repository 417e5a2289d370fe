import type { Metadata } from "next";
import { requirePageUser } from "@/lib/auth/session";
import { listUsers } from "@/lib/users/service";
import { UsersTable } from "./_components/users-table";
import { CreateUserForm } from "./_components/create-user-form-lazy";
import { activeAdminCount, listPending } from "@/lib/pending-changes/store";
import { PendingPanel } from "@/components/pending-changes/pending-panel";

export const metadata: Metadata = { title: "Users" };

export default async function UsersPage() {
  const me = await requirePageUser("users.manage");
  const [users, pending, admins] = await Promise.all([listUsers(), listPending("users"), activeAdminCount()]);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Users</h1>
        <p className="mt-1 text-slate-600">
          Staff accounts, their roles and sign-in. A change of role, status or password ends the user’s sessions at
          once.
        </p>
      </div>
      <PendingPanel items={pending} currentUserId={me.id} singleAdmin={admins <= 1} />
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
