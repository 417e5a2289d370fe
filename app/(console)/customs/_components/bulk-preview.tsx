import Link from "next/link";
import { BULK_COLUMNS, type BulkColumn, type BulkOutcome, type BulkPreview } from "@/lib/declarations/bulk-columns";

// The bulk file as read: every row, each problem under the cell it is about (or beside the
// row when it is about the whole order), before anything is sent; then what was done per row.

const cell = "px-2 py-1.5 align-top";

/** A header row; a file's own column names in monospace. */
function Head({ columns, className = "" }: { columns: string[]; className?: string }) {
  return (
    <thead className={`text-left text-xs font-medium text-slate-600 ${className}`}>
      <tr>
        {columns.map((c) => (
          <th key={c} scope="col" className={c.includes("_") || c === c.toLowerCase() ? `${cell} font-mono` : cell}>
            {c}
          </th>
        ))}
      </tr>
    </thead>
  );
}

export function BulkPreviewTable({ preview }: { preview: BulkPreview }) {
  const shown = BULK_COLUMNS.filter((c) =>
    preview.rows.some((r) => r.cells[c] || r.problems.some((p) => p.column === c)),
  );
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="w-full text-sm" data-testid="bulk-preview">
        <Head columns={["Line", ...shown, "Order"]} className="bg-slate-50" />
        <tbody>
          {preview.rows.map((r) => {
            const whole = r.problems.filter((p) => p.column === null);
            return (
              <tr
                key={r.line}
                className="border-t border-slate-100"
                data-testid="bulk-row"
                data-line={r.line}
                data-problems={r.problems.length}
              >
                <th scope="row" className={`${cell} font-normal text-slate-500`}>
                  {r.line}
                </th>
                {shown.map((c) => (
                  <Cell key={c} column={c} value={r.cells[c]} problems={r.problems.filter((p) => p.column === c)} />
                ))}
                <td className={`${cell} min-w-48`}>
                  {whole.length === 0 && r.problems.length === 0 ? (
                    <span className="text-emerald-700">ready</span>
                  ) : (
                    whole.map((p) => (
                      <p key={p.message} className="text-red-700" data-testid="bulk-problem">
                        {p.message}
                      </p>
                    ))
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function Cell({ column, value, problems }: { column: BulkColumn; value?: string; problems: { message: string }[] }) {
  if (problems.length === 0) return <td className={cell}>{value ?? ""}</td>;
  return (
    <td className={`${cell} min-w-40 bg-red-50`} data-column={column}>
      <span className="font-medium text-red-900">{value || "(empty)"}</span>
      {problems.map((p) => (
        <p key={p.message} className="text-xs text-red-700" data-testid="bulk-problem">
          {p.message}
        </p>
      ))}
    </td>
  );
}

export function BulkOutcomeTable({ outcome }: { outcome: BulkOutcome }) {
  return (
    <table className="w-full text-sm" data-testid="bulk-report">
      <Head columns={["Line", "Reference", "Outcome"]} />
      <tbody>
        {outcome.rows.map((r) => (
          <tr key={r.line} className="border-t border-slate-100" data-testid="bulk-outcome">
            <td className={`${cell} text-slate-500`}>{r.line}</td>
            <td className={cell}>{r.reference}</td>
            <td className={r.ok ? `${cell} text-emerald-700` : `${cell} text-red-700`}>
              {r.ok ? (
                <Link href={`/customs/${r.declarationId}`} className="underline">
                  {r.replayed ? "Declared before — nothing sent again" : "Declared"}
                </Link>
              ) : (
                r.problems.join(" ")
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
