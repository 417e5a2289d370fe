import { daysLeftText, type Deadline } from "@/lib/chargebacks/deadline";

const TONES: Record<Deadline["urgency"], string> = {
  overdue: "bg-red-600 text-white",
  due_soon: "bg-amber-100 text-amber-900 ring-1 ring-inset ring-amber-600/30",
  ok: "bg-slate-100 text-slate-700",
  none: "",
};

/** Days left to respond, coloured by urgency: what the list, the case and the home queue show. */
export function DeadlinePill({ deadline }: { deadline: Pick<Deadline, "daysLeft" | "urgency"> }) {
  // No date in this status (it waits on the bank): nothing to show.
  if (deadline.urgency === "none") return null;
  return (
    <span
      className={`inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${TONES[deadline.urgency]}`}
      data-testid="days-left"
      data-urgency={deadline.urgency}
    >
      {daysLeftText(deadline)}
    </span>
  );
}

/** Said wherever a respond-by date is shown: the payment API gives none. */
export const DEADLINE_RULE =
  "The payment API gives no response deadline. This date is the console's own rule: a response window per status, counted from when the case entered it (Settings → Chargeback response windows).";
