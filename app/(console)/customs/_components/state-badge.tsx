const STYLE: Record<string, string> = {
  submitted: "bg-emerald-50 text-emerald-700",
  accepted: "bg-emerald-100 text-emerald-800",
  pending: "bg-sky-50 text-sky-700",
  sending: "bg-sky-50 text-sky-700",
  failed: "bg-red-50 text-red-700",
  rejected: "bg-red-100 text-red-800",
  unknown: "bg-orange-50 text-orange-800",
  corrected: "bg-slate-100 text-slate-500",
};

/** A sub-order's or declaration's state; `label` is its name in the reader's language (stateLabel). */
export function StateBadge({ state, label }: { state: string; label: string }) {
  return (
    <span
      className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${STYLE[state] ?? "bg-slate-100"}`}
      data-testid="state"
    >
      {label}
    </span>
  );
}
