import type { Metadata } from "next";
import { requirePageUser } from "@/lib/auth/session";
import { ROLE_LABELS, ROLE_PERMISSIONS } from "@/lib/auth/permissions";
import { PERMISSION_LABELS } from "@/lib/auth/permission-labels";
import { db } from "@/lib/db";
import { formatDateTime } from "@/lib/format";

export const metadata: Metadata = { title: "Overview" };

export default async function OverviewPage() {
  const user = await requirePageUser("overview.read");
  const signIns = await db.auditLog.findMany({
    where: { actorId: user.id, action: "auth.sign_in" },
    orderBy: { at: "desc" },
    take: 5,
    select: { id: true, at: true, result: true, ip: true },
  });
  return (
    <div className="max-w-4xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Welcome, {user.name}</h1>
        <p className="mt-1 text-slate-600">
          You are signed in as <strong>{ROLE_LABELS[user.role]}</strong> ({user.email}).
        </p>
      </div>
      <section className="rounded-xl border border-slate-200 bg-white p-5">
        <h2 className="font-semibold">What your role can do</h2>
        <ul className="mt-3 grid gap-2 sm:grid-cols-2" data-testid="role-permissions">
          {ROLE_PERMISSIONS[user.role].map((p) => (
            <li key={p} className="flex items-center gap-2 text-sm text-slate-700">
              <span aria-hidden className="h-1.5 w-1.5 rounded-full bg-brand-500" />
              {PERMISSION_LABELS[p]}
            </li>
          ))}
        </ul>
      </section>
      <section className="rounded-xl border border-slate-200 bg-white p-5">
        <h2 className="font-semibold">Your recent sign-ins</h2>
        <p className="text-sm text-slate-600">A sign-in you don’t recognise? Tell an admin at once.</p>
        <table className="mt-3 w-full text-sm">
          <thead className="text-left text-slate-500">
            <tr><th className="py-1 font-medium">When</th><th className="font-medium">Result</th><th className="font-medium">From</th></tr>
          </thead>
          <tbody>
            {signIns.map((s) => (
              <tr key={String(s.id)} className="border-t border-slate-100">
                <td className="py-1.5">{formatDateTime(s.at)}</td>
                <td>{s.result === "ok" ? "Signed in" : "Refused"}</td>
                <td className="text-slate-600">{s.ip ?? "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
