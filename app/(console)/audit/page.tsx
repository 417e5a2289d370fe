import type { Metadata } from "next";
import Link from "next/link";
import { requirePageUser } from "@/lib/auth/session";
import { AUDIT_RESULTS, auditFilterSchema, listAudit, type AuditFilter } from "@/lib/audit/query";
import { formatMoney } from "@/lib/money";
import { FilterForm, FilterSelect, FilterText, ListTable } from "@/components/ui/list-page";
import { formatDateTime } from "@/lib/format";
import { db } from "@/lib/db";

export const metadata: Metadata = { title: "Audit log" };

const RESULT_STYLE: Record<string, string> = {
  ok: "bg-emerald-50 text-emerald-700",
  denied: "bg-amber-50 text-amber-800",
  failed: "bg-red-50 text-red-700",
  error: "bg-red-50 text-red-700",
  succeeded: "bg-emerald-50 text-emerald-700",
  pending_approval: "bg-violet-50 text-violet-700",
  conflict: "bg-amber-50 text-amber-800",
  invalid: "bg-amber-50 text-amber-800",
  unknown: "bg-orange-50 text-orange-800",
};

export default async function AuditPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requirePageUser("audit.read");
  const filter = auditFilterSchema.parse(await searchParams);
  const { rows, nextBefore } = await listAudit(filter);
  // A user target reads better as the user's email than as an id.
  const userIds = [
    ...new Set(
      rows.filter((r) => r.targetType === "user" && /^[0-9a-f-]{36}$/i.test(r.targetId ?? "")).map((r) => r.targetId!),
    ),
  ];
  const emails = new Map(
    (await db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, email: true } })).map((u) => [
      u.id,
      u.email,
    ]),
  );
  const target = (type: string | null, id: string | null) =>
    !type ? "—" : type === "user" && id && emails.has(id) ? `user ${emails.get(id)}` : `${type} ${id ?? ""}`;
  // The filter as a query string: for the next page (with its cursor) and the export (all of it).
  const queryOf = (f: AuditFilter) =>
    new URLSearchParams(Object.entries(f).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])));
  const next = queryOf({ ...filter, before: nextBefore ?? undefined });
  const exportQuery = queryOf({ ...filter, before: undefined });

  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold">Audit log</h1>
        <p className="mt-1 text-slate-600">
          Every sign-in, change and refused attempt, newest first. Entries can never be edited or deleted. Dates are
          UTC.
        </p>
      </div>
      <FilterForm clearHref="/audit">
        <FilterText label="User email" name="actor" value={filter.actor} />
        <FilterText label="Action" name="action" value={filter.action} placeholder="e.g. auth.sign_in" />
        <FilterSelect label="Result" name="result" value={filter.result} options={AUDIT_RESULTS} />
        <FilterText label="From" name="from" type="date" value={filter.from} />
        <FilterText label="To" name="to" type="date" value={filter.to} />
      </FilterForm>
      <div className="flex justify-end">
        <a
          href={`/api/audit/export.csv?${exportQuery}`}
          className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50"
          download
        >
          Export CSV
        </a>
      </div>
      <ListTable
        testId="audit-table"
        headers={["When", "User", "Role", "Action", "Result", "Target", "Amount", "Reason", "IP"]}
        empty={rows.length === 0 ? "No entries match these filters." : null}
      >
        {rows.map((r) => (
          <tr key={String(r.id)} className="border-t border-slate-100 align-top">
            <td className="whitespace-nowrap px-3 py-2">{formatDateTime(r.at)}</td>
            <td className="px-3 py-2">
              {r.actorEmail ??
                (r.detail as { email?: string } | null)?.email ??
                (r.actorId === null && r.action.endsWith(".outcome") ? "console" : "—")}
            </td>
            <td className="px-3 py-2">{r.actorRole ?? "—"}</td>
            <td className="px-3 py-2 font-mono text-xs">{r.action}</td>
            <td className="px-3 py-2">
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-medium ${RESULT_STYLE[r.result] ?? "bg-slate-100"}`}
              >
                {r.result}
              </span>
            </td>
            <td className="break-all px-3 py-2 text-slate-600">{target(r.targetType, r.targetId)}</td>
            <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">
              {r.amount !== null && r.currency ? formatMoney(r.amount, r.currency) : "—"}
            </td>
            <td className="px-3 py-2 text-slate-600">{r.reason ?? "—"}</td>
            <td className="px-3 py-2 text-slate-600">{r.ip ?? "—"}</td>
          </tr>
        ))}
      </ListTable>
      {nextBefore && (
        <Link href={`/audit?${next}`} className="inline-block text-brand-600 hover:underline">
          Older entries →
        </Link>
      )}
    </div>
  );
}
