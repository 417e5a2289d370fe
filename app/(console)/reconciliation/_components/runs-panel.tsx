"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/platform/api/client";
import { exceptionList } from "@/lib/reconciliation/search-params";
import { useFormat, useTranslations } from "@/lib/platform/i18n/client";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import type { RunView } from "@/lib/reconciliation/query";

/** The last runs with their figures, and "Run now" for those who may start one (one at a time). */
export function RunsPanel({ runs, canRun }: { runs: RunView[]; canRun: boolean }) {
  const t = useTranslations("reconciliation");
  const f = useFormat();
  const client = useQueryClient();
  const start = useMutation({
    mutationFn: () => apiFetch<{ run: RunView }>("/api/reconciliation/runs", { method: "POST", json: {} }),
    onSettled: () => void client.invalidateQueries({ queryKey: exceptionList.key }),
  });
  const running = runs.some((r) => !r.finishedAt);
  return (
    <section aria-labelledby="runs-title" className="space-y-2 rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="runs-title" className="font-semibold">
          {t("runs.title")}
        </h2>
        {canRun && (
          <Button disabled={start.isPending || running} onClick={() => start.mutate()} data-testid="run-now">
            {running ? t("runs.running") : t("runs.runNow")}
          </Button>
        )}
      </div>
      {start.error && (
        <Notice tone="error" testId="run-error">
          {start.error.message}
        </Notice>
      )}
      {runs.length === 0 ? (
        <p className="text-sm text-slate-600">{t("runs.none")}</p>
      ) : (
        <ul className="space-y-1 text-sm" data-testid="runs">
          {runs.map((r) => (
            <li key={r.id} data-testid="run" data-finished={r.finishedAt ? "yes" : "no"}>
              <span className="tabular-nums">{f.dateTime(r.startedAt)}</span>
              {" · "}
              {r.trigger === "manual" ? t("runs.manual", { who: r.startedBy ?? "" }) : t("runs.daily")}
              {" · "}
              {r.finishedAt ? t("runs.finished") : t("runs.running")}
              {" · "}
              <span className="tabular-nums">
                {t("runs.figures", {
                  checked: r.checked,
                  calls: r.calls,
                  exceptions: r.exceptions,
                  applied: r.applied,
                })}
              </span>
              {r.notChecked.length > 0 && (
                <span className="tabular-nums" data-testid="run-not-checked" title={r.notChecked.join(", ")}>
                  {" · "}
                  {t("runs.notChecked", { count: r.notChecked.length })}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
