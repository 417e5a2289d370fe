"use client";

import { useTimeZone } from "use-intl";
import { useHydrated } from "@/components/ui/use-hydrated";
import { useTranslations } from "@/lib/platform/i18n/client";
import { addDays, today } from "@/lib/platform/i18n/days";

// Quick choices for a list's from/to day filter: "today" and "yesterday" are the person's own
// calendar days (their time zone, from the IntlProvider), the same days the query turns into
// UTC ranges (lib/platform/api/list-params.ts dayBounds).

export function DayShortcuts({
  from,
  to,
  onPick,
}: {
  from: string | null | undefined;
  to: string | null | undefined;
  onPick: (range: { from: string; to: string }) => void;
}) {
  const t = useTranslations("validation.days");
  const zone = useTimeZone() ?? "UTC";
  const now = today(zone);
  // The shortcuts only act in the browser: disabled in the server's HTML, so an early click
  // waits instead of being lost (the list then showed yesterday's rows as if "today" were on).
  const ready = useHydrated();
  const choices = [
    { label: t("today"), day: now, testId: "filter-today" },
    { label: t("yesterday"), day: addDays(now, -1), testId: "filter-yesterday" },
  ];
  return (
    <fieldset className="m-0 flex items-end gap-1 border-0 p-0" aria-label={t("label")}>
      {choices.map((c) => {
        const on = from === c.day && to === c.day;
        return (
          <button
            key={c.testId}
            type="button"
            aria-pressed={on}
            disabled={!ready}
            data-testid={c.testId}
            onClick={() => onPick({ from: c.day, to: c.day })}
            className={`min-h-[2.25rem] rounded-md border px-2.5 text-sm ${
              on
                ? "border-brand-600 bg-brand-50 text-brand-800"
                : "border-slate-300 bg-white hover:bg-slate-50 disabled:opacity-60"
            }`}
          >
            {c.label}
          </button>
        );
      })}
    </fieldset>
  );
}
