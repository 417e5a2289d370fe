"use client";

import type { budget } from "@/lib/declarations/rules";
import { formatMoney } from "@/lib/money";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";

/** `key`: a sub-order row's identity while it is edited (rows can be removed from the middle). */
export type SubOrderRow = {
  key: number;
  subOrderNo: string;
  orderFee: string;
  transportFee: string;
  productFee: string;
};
let rowKeys = 0;
export const emptyRow = (): SubOrderRow => ({
  key: ++rowKeys,
  subOrderNo: "",
  orderFee: "",
  transportFee: "",
  productFee: "",
});

/** The split switch and, when split, the sub-order rows with their total against the order's CNY amount. */
export function SubOrdersEditor({
  split,
  onSplit,
  rows,
  onRows,
  vendor,
  budget: b,
}: {
  split: boolean;
  onSplit: (split: boolean) => void;
  rows: SubOrderRow[];
  onRows: (rows: SubOrderRow[]) => void;
  vendor: string;
  budget: ReturnType<typeof budget>;
}) {
  const setRow = (i: number, change: Partial<SubOrderRow>) =>
    onRows(rows.map((r, j) => (j === i ? { ...r, ...change } : r)));

  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4">
      <label className="flex items-center gap-2 font-semibold">
        <input type="checkbox" checked={split} onChange={(e) => onSplit(e.target.checked)} /> Split order (sub-orders,
        is_split=T)
      </label>
      {split && (
        <div className="mt-3 space-y-3" data-testid="split-editor">
          {rows.map((r, i) => (
            <div
              key={r.key}
              className="grid items-end gap-3 sm:grid-cols-[1.4fr_1fr_1fr_1fr_auto]"
              data-testid="sub-order-row"
            >
              <TextField
                label={`Sub-order ${i + 1} number`}
                id={`sub-${i}-no`}
                value={r.subOrderNo}
                onChange={(e) => setRow(i, { subOrderNo: e.target.value })}
              />
              <TextField
                label="Order fee (CNY)"
                id={`sub-${i}-fee`}
                inputMode="decimal"
                value={r.orderFee}
                onChange={(e) => setRow(i, { orderFee: e.target.value })}
              />
              {vendor === "wechatpay" ? (
                <>
                  <TextField
                    label="Transport fee (CNY)"
                    id={`sub-${i}-transport`}
                    inputMode="decimal"
                    value={r.transportFee}
                    onChange={(e) => setRow(i, { transportFee: e.target.value })}
                  />
                  <TextField
                    label="Product fee (CNY)"
                    id={`sub-${i}-product`}
                    inputMode="decimal"
                    value={r.productFee}
                    onChange={(e) => setRow(i, { productFee: e.target.value })}
                  />
                </>
              ) : (
                <>
                  <div />
                  <div />
                </>
              )}
              <Button
                type="button"
                variant="ghost"
                onClick={() => onRows(rows.length > 1 ? rows.filter((_, j) => j !== i) : [emptyRow()])}
                aria-label={`Remove sub-order ${i + 1}`}
              >
                Remove
              </Button>
            </div>
          ))}
          <Button type="button" variant="secondary" onClick={() => onRows([...rows, emptyRow()])}>
            Add a sub-order
          </Button>
          <div
            className={`rounded-md border px-3 py-2 text-sm ${b.over ? "border-red-300 bg-red-50 text-red-800" : "border-slate-200 bg-slate-50"}`}
            data-testid="budget"
          >
            Sub-orders {formatMoney(b.used, "CNY")} of{" "}
            {b.cap === null ? "an unknown CNY amount" : formatMoney(b.cap, "CNY")}
            {b.left !== null &&
              (b.over ? ` — ${formatMoney(-b.left, "CNY")} over` : ` — ${formatMoney(b.left, "CNY")} left`)}
            {vendor === "wechatpay" && " · fee_type CNY; each order fee = transport + product"}
          </div>
        </div>
      )}
    </section>
  );
}
