import { displayStatus, type StatusAmounts } from "@/lib/ledger/display-status";
import { StatusLabel } from "@/components/records/ledger/status-label";

const TONES: Record<string, string> = {
  succeeded: "bg-emerald-50 text-emerald-700 ring-emerald-600/20",
  partially_captured: "bg-teal-50 text-teal-800 ring-teal-600/20",
  partially_refunded: "bg-indigo-50 text-indigo-700 ring-indigo-600/20",
  refunded: "bg-slate-100 text-slate-700 ring-slate-500/30",
  authorized: "bg-sky-50 text-sky-700 ring-sky-600/20",
  initiated: "bg-slate-100 text-slate-700 ring-slate-500/20",
  pending: "bg-amber-50 text-amber-800 ring-amber-600/20",
  canceled: "bg-slate-100 text-slate-600 ring-slate-400/20",
  failed: "bg-red-50 text-red-700 ring-red-600/20",
  unknown: "bg-orange-50 text-orange-800 ring-orange-600/30",
  pending_approval: "bg-violet-50 text-violet-700 ring-violet-600/20",
  rejected: "bg-slate-100 text-slate-600 ring-slate-500/20",
  // Chargebacks (the spec's six statuses).
  "Notification of Claim": "bg-red-50 text-red-700 ring-red-600/20",
  "Request For Information": "bg-amber-50 text-amber-800 ring-amber-600/20",
  "Information Supplied": "bg-sky-50 text-sky-700 ring-sky-600/20",
  Won: "bg-emerald-50 text-emerald-700 ring-emerald-600/20",
  Lost: "bg-red-100 text-red-800 ring-red-700/20",
  "Case Closed": "bg-slate-100 text-slate-600 ring-slate-500/20",
};

// The words are the statuses namespace's (lib/platform/i18n/messages/<lang>/statuses.json): StatusLabel
// (a client piece, so the badge renders in server and client components alike); elsewhere use
// useStatusLabel() (client) or statusLabelWith(await getTranslations("statuses"), status) (server).

/**
 * A status as a badge. Given the ledger row as `of`, a charge's status reflects its captured
 * and refunded totals ("partially refunded" rather than the service's "succeeded").
 */
export function StatusBadge({ status, of }: { status: string; of?: StatusAmounts }) {
  const shown = of ? displayStatus(of) : status;
  return (
    <span
      data-status={shown}
      className={`inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${TONES[shown] ?? "bg-slate-100 text-slate-700 ring-slate-500/20"}`}
    >
      <StatusLabel status={shown} />
    </span>
  );
}
