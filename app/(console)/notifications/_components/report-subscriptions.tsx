"use client";

import { useRouter } from "next/navigation";
import { useIntentKey } from "@/components/form/use-intent";
import { useState } from "react";
import { apiFetch } from "@/lib/platform/api/client";
import { buttonClass } from "@/components/ui/button";

type Option = { value: string; label: string };
type Sub = { id: string; report: string; frequency: string; for: string; removable: boolean };
export type SubscriptionLabels = {
  report: string;
  frequency: string;
  view: string;
  for: string;
  subscribe: string;
  unsubscribe: string;
  none: string;
  failed: string;
};

/**
 * The scheduled reports the reader sees (theirs, their role's; a manager every role's), each
 * with a way to end it, and a form to subscribe: themselves or (a manager) a role.
 */
export function ReportSubscriptions(props: {
  subscriptions: Sub[];
  reports: Option[];
  frequencies: Option[];
  views: Option[];
  audiences: Option[];
  labels: SubscriptionLabels;
}) {
  const { labels } = props;
  const router = useRouter();
  const [form, setForm] = useState({
    report: props.reports[0]?.value ?? "",
    frequency: "weekly",
    savedViewId: props.views[0]?.value ?? "",
    for: "",
  });
  const [failed, setFailed] = useState<string | null>(null);
  const call = async (fn: () => Promise<unknown>) => {
    setFailed(null);
    try {
      await fn();
      router.refresh();
    } catch (e) {
      setFailed(e instanceof Error && e.message ? e.message : labels.failed);
    }
  };
  // One intent key per subscription: a double click sends it twice, the server makes it once.
  const intent = useIntentKey();
  const subscribe = () =>
    call(() =>
      apiFetch("/api/reports/subscriptions", {
        method: "POST",
        headers: { "Idempotency-Key": intent.current() },
        json: {
          report: form.report,
          frequency: form.frequency,
          ...(form.report === "transactionsView" ? { savedViewId: form.savedViewId } : {}),
          ...(form.for ? { role: form.for } : {}),
        },
      }).then(
        () => intent.settled(),
        (e: Error) => {
          intent.settled(e);
          throw e;
        },
      ),
    );
  const select = (key: keyof typeof form, label: string, options: Option[]) => (
    <label className="flex flex-col gap-1 text-sm">
      {label}
      <select
        className="rounded border border-slate-300 px-2 py-1"
        value={form[key]}
        onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.value }))}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <div className="space-y-3">
      {props.subscriptions.length === 0 ? (
        <p className="text-slate-600">{labels.none}</p>
      ) : (
        <ul
          className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white"
          data-testid="subscriptions"
        >
          {props.subscriptions.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center gap-3 p-3 text-sm">
              <span className="min-w-0 flex-1">
                {s.report} · {s.frequency} · {s.for}
              </span>
              {s.removable && (
                <button
                  type="button"
                  className={buttonClass("secondary")}
                  onClick={() => call(() => apiFetch(`/api/reports/subscriptions/${s.id}`, { method: "DELETE" }))}
                >
                  {labels.unsubscribe}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3">
        {select("report", labels.report, props.reports)}
        {select("frequency", labels.frequency, props.frequencies)}
        {form.report === "transactionsView" && select("savedViewId", labels.view, props.views)}
        {props.audiences.length > 1 && select("for", labels.for, props.audiences)}
        <button type="button" className={buttonClass("primary")} onClick={subscribe}>
          {labels.subscribe}
        </button>
        <span role="status" className="text-sm text-red-700">
          {failed ?? ""}
        </span>
      </div>
    </div>
  );
}
