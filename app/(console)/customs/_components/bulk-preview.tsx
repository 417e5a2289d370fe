"use client";

import Link from "next/link";
import { useFormat, useTranslations } from "@/lib/platform/i18n/client";
import { BULK_COLUMNS, type BulkOutcome, type BulkPreview, type BulkProblem } from "@/lib/declarations/bulk-columns";
import { ruleText } from "@/lib/declarations/rules";
import { type CustomsT, vendorLabel } from "@/lib/customs/explain";
import type { Format } from "@/lib/platform/i18n/format";
import { type AnyTranslator, parseKeyed, translateMessage } from "@/lib/platform/keyed";
import { CardTable } from "@/components/ui/card-table";

// The bulk file as read: every row, its cells with a problem marked and each problem listed
// under the row with its column (none: the whole order), before anything is sent; then what
// was done per row.

const cell = "px-2 py-1.5 align-top";

/** A problem in the reader's words where the console has them; a field's format message as the API gave it. */
function problemText(t: CustomsT, all: AnyTranslator, f: Format, p: BulkProblem): string {
  if (p.rule)
    return ruleText(
      (k, v) => t(k, v),
      (fen) => f.money(fen, "CNY"),
      p.rule,
    );
  if (p.words) return t(`bulk.problem.${p.words.key}`, p.words.values);
  if (p.keyed && parseKeyed(p.keyed) && all.has(parseKeyed(p.keyed)!.key)) return translateMessage(all, p.keyed);
  return p.message;
}

/** A header row; a file's own column names in monospace. */
function Head({ columns, className = "" }: { columns: string[]; className?: string }) {
  return (
    <thead className={`text-left text-xs font-medium text-slate-600 ${className}`}>
      <tr>
        {columns.map((c) => (
          <th
            key={c}
            scope="col"
            className={(BULK_COLUMNS as readonly string[]).includes(c) ? `${cell} font-mono` : cell}
          >
            {c}
          </th>
        ))}
      </tr>
    </thead>
  );
}

export function BulkPreviewTable({ preview }: { preview: BulkPreview }) {
  const t = useTranslations("customs");
  const all = useTranslations() as unknown as AnyTranslator;
  const f = useFormat();
  const shown = BULK_COLUMNS.filter((c) =>
    preview.rows.some((r) => r.cells[c] || r.problems.some((p) => p.column === c)),
  );
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <CardTable className="w-full text-sm" data-testid="bulk-preview">
        <Head columns={[t("bulk.line"), ...shown, t("bulk.status")]} className="bg-slate-50" />
        {preview.rows.map((r) => {
          const bad = new Set(r.problems.map((p) => p.column));
          return (
            <tbody key={r.line} className="border-t border-slate-200" data-testid="bulk-row" data-line={r.line}>
              <tr>
                <th scope="row" className={`${cell} font-normal text-slate-500`}>
                  {r.line}
                </th>
                {shown.map((c) =>
                  bad.has(c) ? (
                    <td key={c} className={`${cell} bg-red-50 font-medium text-red-900`} data-column={c}>
                      {r.cells[c] || t("bulk.empty")}
                    </td>
                  ) : (
                    <td key={c} className={cell}>
                      {r.cells[c] ?? ""}
                    </td>
                  ),
                )}
                <td className={`${cell} whitespace-nowrap`} data-testid="bulk-status">
                  {r.problems.length === 0 && r.declared ? (
                    <span className="text-amber-800">{t("bulk.alreadyDeclared")}</span>
                  ) : r.problems.length === 0 ? (
                    <span className="text-emerald-700">{t("bulk.ready")}</span>
                  ) : (
                    <span className="text-red-700">{t("bulk.rowProblems", { count: r.problems.length })}</span>
                  )}
                </td>
              </tr>
              {r.declared && r.problems.length === 0 && (
                <tr>
                  <td />
                  <td colSpan={shown.length + 1} className="px-2 pb-2">
                    <p className="sticky left-10 max-w-xl text-amber-900" data-testid="bulk-declared">
                      {t("bulk.declaredNote", {
                        reference: r.reference,
                        vendor: vendorLabel(t, r.cells.vendor ?? ""),
                        by: r.declared.by,
                        at: f.dateTime(r.declared.at),
                      })}{" "}
                      <Link href={`/customs/${r.declared.declarationId}`} className="underline">
                        {t("bulk.openDeclaration")}
                      </Link>
                    </p>
                  </td>
                </tr>
              )}
              {r.problems.length > 0 && (
                <tr>
                  <td />
                  <td colSpan={shown.length + 1} className="px-2 pb-2">
                    {/* Held in view while the table scrolls sideways, and wrapped to the visible width. */}
                    <ul className="sticky left-10 max-w-xl space-y-0.5 text-red-700">
                      {r.problems.map((p) => (
                        <li
                          key={`${p.column}:${p.message}`}
                          data-testid="bulk-problem"
                          data-line={r.line}
                          data-column={p.column ?? "order"}
                        >
                          {p.column && <span className="mr-1.5 font-mono text-xs text-red-900">{p.column}</span>}
                          {problemText(t, all, f, p)}
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              )}
            </tbody>
          );
        })}
      </CardTable>
    </div>
  );
}

export function BulkOutcomeTable({ outcome }: { outcome: BulkOutcome }) {
  const t = useTranslations("customs");
  const f = useFormat();
  return (
    <CardTable className="w-full text-sm" data-testid="bulk-report">
      <Head columns={[t("bulk.line"), t("bulk.reference"), t("bulk.outcome")]} />
      <tbody>
        {outcome.rows.map((r) => (
          <tr key={r.line} className="border-t border-slate-100" data-testid="bulk-outcome">
            <td className={`${cell} text-slate-500`}>{r.line}</td>
            <td className={cell}>{r.reference}</td>
            <td className={r.ok ? `${cell} text-emerald-700` : `${cell} text-red-700`}>
              {r.ok ? (
                <Link href={`/customs/${r.declarationId}`} className="underline">
                  {r.replayed ? t("bulk.declaredBefore") : t("bulk.declaredOk")}
                </Link>
              ) : r.declared ? (
                <Link href={`/customs/${r.declared.declarationId}`} className="underline">
                  {t("bulk.declaredOutcome", { by: r.declared.by, at: f.dateTime(r.declared.at) })}
                </Link>
              ) : (
                r.problems.join(" ")
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </CardTable>
  );
}
