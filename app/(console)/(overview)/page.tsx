import type { Metadata } from "next";
import { requirePageUser } from "@/lib/auth/session";
import { ROLE_LABELS, ROLE_PERMISSIONS } from "@/lib/auth/permissions";
import { PERMISSION_LABELS } from "@/lib/auth/permission-labels";
import { db } from "@/lib/db";
import { formatDateTime } from "@/lib/format";
import { formatMoney } from "@/lib/money";
import { chargebacksByStatus, declarationsByResult, overviewFor } from "@/lib/overview/service";
import { can } from "@/lib/auth/permissions";
import { CountChart, VolumeChart } from "@/components/charts/lazy";
import Link from "next/link";
import { dueChargebacks } from "@/lib/chargebacks/queue";
import { DeadlineQueue } from "@/components/chargebacks/deadline-queue";

export const metadata: Metadata = { title: "Overview" };

export default async function OverviewPage() {
  const user = await requirePageUser("overview.read");
  // Every query at once: the page costs its slowest one, not their sum (docs/benchmarks.md).
  const [signIns, o, cbStatus, declResults, due] = await Promise.all([
    db.auditLog.findMany({
      where: { actorId: user.id, action: "auth.sign_in" },
      orderBy: { at: "desc" },
      take: 5,
      select: { id: true, at: true, result: true, ip: true },
    }),
    overviewFor(user.role),
    can(user.role, "chargebacks.read") ? chargebacksByStatus() : null,
    can(user.role, "customs.read") ? declarationsByResult() : null,
    can(user.role, "chargebacks.manage") ? dueChargebacks() : null,
  ]);
  const now = Date.now();
  const days = Array.from({ length: 30 }, (_, i) => new Date(now - (29 - i) * 86_400_000).toISOString().slice(0, 10));
  const daily = o.money?.daily ?? null;
  const queue = (label: string, n: number, href: string, detail?: string) => (
    <Link
      key={label}
      href={href}
      className={`block rounded-xl border p-4 hover:shadow-sm ${n ? "border-amber-300 bg-amber-50" : "border-slate-200 bg-white"}`}
      data-testid="queue"
    >
      <div className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</div>
      <div className="mt-1 text-2xl font-semibold tabular-nums">{n}</div>
      {detail && <div className="text-xs text-slate-600">{detail}</div>}
    </Link>
  );
  const queues = [
    o.approvals !== null && queue("Refunds awaiting approval", o.approvals, "/approvals"),
    o.unknown !== null &&
      queue(
        "Outcomes being checked",
        o.unknown,
        "/operations?status=unknown",
        o.unknown ? "captures, refunds or cancels with an unknown outcome" : undefined,
      ),
    o.chargebacks !== null &&
      queue(
        "Open chargebacks",
        o.chargebacks.reduce((s, c) => s + c.count, 0),
        "/chargebacks",
        o.chargebacks.map((c) => `${c.count} ${c.status} (oldest ${c.oldestDays} d)`).join(" · ") || undefined,
      ),
    o.declarations !== null &&
      queue(
        "Declarations to fix",
        o.declarations.failed + o.declarations.unknown + o.declarations.exceptions,
        "/customs?state=failed",
        `${o.declarations.failed} failed · ${o.declarations.unknown} unknown · ${o.declarations.exceptions} rejected by Customs`,
      ),
    o.rejected !== null &&
      queue(
        "Notifications rejected (7 days)",
        o.rejected,
        "/webhooks?verification=rejected",
        "signature did not match",
      ),
  ].filter(Boolean);
  return (
    <div className="max-w-5xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Welcome, {user.name}</h1>
        <p className="mt-1 text-slate-600">
          You are signed in as <strong>{ROLE_LABELS[user.role]}</strong> ({user.email}).
        </p>
      </div>
      {queues.length > 0 && (
        <section>
          <h2 className="mb-2 font-semibold">Needs a person</h2>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="queues">
            {queues}
          </div>
        </section>
      )}
      {due && <DeadlineQueue queue={due} />}
      {o.money && (
        <section className="rounded-xl border border-slate-200 bg-white p-5" data-testid="volume">
          <h2 className="font-semibold">Volume</h2>
          <p className="text-xs text-slate-500">
            Captured charges and succeeded refunds in the ledger, by the day they were created (UTC). CNY: CNY payments
            and those the payment service gave a CNY amount for (alipay, wechatpay); others show —.
          </p>
          <table className="mt-3 w-full text-sm">
            <thead className="text-left text-slate-500">
              <tr>
                <th className="py-1 font-medium">Currency</th>
                <th className="text-right font-medium">Today gross</th>
                <th className="text-right font-medium">refunds</th>
                <th className="text-right font-medium">net</th>
                <th className="text-right font-medium">7 days gross</th>
                <th className="text-right font-medium">refunds</th>
                <th className="text-right font-medium">net</th>
                <th className="text-right font-medium">7 days net in CNY</th>
              </tr>
            </thead>
            <tbody>
              {o.money.week.length === 0 && (
                <tr>
                  <td colSpan={8} className="py-3 text-slate-500">
                    No payments in the last 7 days.
                  </td>
                </tr>
              )}
              {o.money.week.map((w) => {
                const t = o.money!.today.find((x) => x.currency === w.currency) ?? {
                  gross: 0,
                  refunds: 0,
                  net: 0,
                  netCny: 0,
                };
                const m = (v: number) => formatMoney(v, w.currency);
                return (
                  <tr key={w.currency} className="border-t border-slate-100 tabular-nums">
                    <td className="py-1.5">{w.currency}</td>
                    <td className="text-right">{m(t.gross)}</td>
                    <td className="text-right">{m(t.refunds)}</td>
                    <td className="text-right font-medium">{m(t.net)}</td>
                    <td className="text-right">{m(w.gross)}</td>
                    <td className="text-right">{m(w.refunds)}</td>
                    <td className="text-right font-medium">{m(w.net)}</td>
                    <td className="text-right text-slate-600">
                      {w.currency === "CNY" || w.netCny ? formatMoney(w.netCny, "CNY") : "—"}
                    </td>
                  </tr>
                );
              })}
            </tbody>
            {o.money.week.length > 0 && (
              <tfoot>
                <tr className="border-t border-slate-200 tabular-nums" data-testid="cny-total">
                  <td className="py-1.5 font-medium">Net in CNY, where known</td>
                  <td colSpan={2} />
                  <td className="text-right font-medium">
                    {formatMoney(
                      o.money.today.reduce((a, v) => a + v.netCny, 0),
                      "CNY",
                    )}
                  </td>
                  <td colSpan={2} />
                  <td className="text-right font-medium">
                    {formatMoney(
                      o.money.week.reduce((a, v) => a + v.netCny, 0),
                      "CNY",
                    )}
                  </td>
                  <td />
                </tr>
              </tfoot>
            )}
          </table>
        </section>
      )}
      {daily && (
        <section className="rounded-xl border border-slate-200 bg-white p-5" data-testid="volume-chart">
          <h2 className="font-semibold">Last 30 days</h2>
          <VolumeChart points={daily} days={days} />
        </section>
      )}
      {(cbStatus || declResults) && (
        <div className="grid gap-4 md:grid-cols-2">
          {cbStatus && (
            <section className="rounded-xl border border-slate-200 bg-white p-5">
              <h2 className="font-semibold">Chargebacks by status</h2>
              <CountChart title="Chargebacks by status" data={cbStatus} />
            </section>
          )}
          {declResults && (
            <section className="rounded-xl border border-slate-200 bg-white p-5">
              <h2 className="font-semibold">Declaration sub-orders by result</h2>
              <CountChart title="Declaration sub-orders by result" data={declResults} />
            </section>
          )}
        </div>
      )}
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
            <tr>
              <th className="py-1 font-medium">When</th>
              <th className="font-medium">Result</th>
              <th className="font-medium">From</th>
            </tr>
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
