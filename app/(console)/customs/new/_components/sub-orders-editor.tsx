"use client";

import { useFieldArray, useFormContext } from "react-hook-form";
import type { budget } from "@/lib/declarations/rules";
import { useFormat, useTranslations } from "@/lib/platform/i18n/client";
import { Button } from "@/components/ui/button";
import { CheckboxInput, TextInput } from "@/components/form/field";
import { MoneyInput } from "@/components/form/money-input";
import { emptySubOrder, type DeclarationValues } from "./declaration-values";

/** The split switch and, when split, the sub-order rows with their total against the order's CNY amount. */
export function SubOrdersEditor({ budget: b }: { budget: ReturnType<typeof budget> }) {
  const t = useTranslations("customs");
  const f = useFormat();
  const cny = (fen: number) => f.money(fen, "CNY");
  const { control, watch } = useFormContext<DeclarationValues>();
  const rows = useFieldArray({ control, name: "subOrders" });
  const [split, vendor] = watch(["isSplit", "vendor"]);

  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="font-semibold">
        <CheckboxInput name="isSplit" label={t("split.toggle")} />
      </div>
      {split && (
        <div className="mt-3 space-y-3" data-testid="split-editor">
          {rows.fields.map((row, i) => (
            <div
              key={row.id}
              className="grid items-start gap-3 sm:grid-cols-[1.4fr_1fr_1fr_1fr_auto]"
              data-testid="sub-order-row"
            >
              <TextInput
                name={`subOrders.${i}.subOrderNo`}
                label={t("split.number", { n: i + 1 })}
                id={`sub-${i}-no`}
              />
              <MoneyInput
                name={`subOrders.${i}.orderFee`}
                label={t("split.orderFee")}
                id={`sub-${i}-fee`}
                currency="CNY"
              />
              {vendor === "wechatpay" ? (
                <>
                  <MoneyInput
                    name={`subOrders.${i}.transportFee`}
                    label={t("split.transportFee")}
                    id={`sub-${i}-transport`}
                    currency="CNY"
                    allowZero
                  />
                  <MoneyInput
                    name={`subOrders.${i}.productFee`}
                    label={t("split.productFee")}
                    id={`sub-${i}-product`}
                    currency="CNY"
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
                className="sm:mt-6"
                onClick={() => (rows.fields.length > 1 ? rows.remove(i) : rows.replace([emptySubOrder()]))}
                aria-label={t("split.removeLabel", { n: i + 1 })}
              >
                {t("split.remove")}
              </Button>
            </div>
          ))}
          <Button type="button" variant="secondary" onClick={() => rows.append(emptySubOrder())}>
            {t("split.add")}
          </Button>
          <div
            className={`rounded-md border px-3 py-2 text-sm ${b.over ? "border-red-300 bg-red-50 text-red-800" : "border-slate-200 bg-slate-50"}`}
            data-testid="budget"
          >
            {t("split.budget", { used: cny(b.used), cap: b.cap === null ? t("split.unknownCap") : cny(b.cap) })}
            {b.left !== null &&
              (b.over ? t("split.over", { amount: cny(-b.left) }) : t("split.left", { amount: cny(b.left) }))}
            {vendor === "wechatpay" && t("split.wechatNote")}
          </div>
        </div>
      )}
    </section>
  );
}
