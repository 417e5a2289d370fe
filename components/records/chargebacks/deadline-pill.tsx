"use client";

import type { Deadline } from "@/lib/chargebacks/deadline";
import { daysLeftIn } from "@/lib/chargebacks/deadline";
import { useTranslations } from "@/lib/platform/i18n/client";
import { useTimeZone } from "use-intl";

const TONES: Record<Deadline["urgency"], string> = {
  overdue: "bg-red-600 text-white",
  due_soon: "bg-amber-100 text-amber-900 ring-1 ring-inset ring-amber-600/30",
  ok: "bg-slate-100 text-slate-700",
  none: "",
};

type Days = Pick<Deadline, "daysLeft" | "urgency"> & { respondBy?: string | null };

/** "3 days left", "due today", "overdue today", "2 days overdue", "—", in the reader's language. */
export function useDaysLeft() {
  const t = useTranslations("chargebacks.deadline");
  const timeZone = useTimeZone() ?? "UTC";
  return (d: Days): string => {
    if (d.daysLeft === null) return "—";
    const days = d.respondBy ? daysLeftIn(d.respondBy, timeZone) : d.daysLeft;
    if (d.urgency === "overdue") return days >= 0 ? t("overdueToday") : t("overdue", { count: -days });
    return days <= 0 ? t("dueToday") : t("left", { count: days });
  };
}

/** Days left to respond, coloured by urgency: what the list, the case and the home queue show. */
export function DeadlinePill({ deadline }: { deadline: Days }) {
  const daysLeft = useDaysLeft();
  // No date in this status (it waits on the bank): nothing to show.
  if (deadline.urgency === "none") return null;
  return (
    <span
      className={`inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${TONES[deadline.urgency]}`}
      data-testid="days-left"
      data-urgency={deadline.urgency}
    >
      {daysLeft(deadline)}
    </span>
  );
}

/** Said wherever a respond-by date is shown: the payment API gives none. */
export function DeadlineRule() {
  return <>{useTranslations("chargebacks.deadline")("rule")}</>;
}
