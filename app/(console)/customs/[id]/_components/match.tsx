import { CopyButton } from "@/components/ui/copy-button";
import { getTranslations } from "@/lib/platform/i18n/server";

/**
 * The three-way match the logistics company sends Customs (the spec): the sub_order_no of a
 * split order, otherwise the vendor's transaction id, each with the declare_number; copyable
 * as one line, as it is pasted into a logistics system.
 */
export async function ThreeWayMatch({
  split,
  match,
}: {
  split: boolean;
  match: { orderNo: string | null; declareNumber: string | null };
}) {
  const t = await getTranslations("customs.match");
  const orderLabel = split ? t("subOrderNo") : t("vendorTransactionId");
  const ready = match.orderNo && match.declareNumber;
  return (
    <>
      <dt className="text-slate-500">{t("label")}</dt>
      <dd className="flex flex-wrap items-center gap-2" data-testid="three-way-match">
        <span>
          {orderLabel}{" "}
          <span className="font-mono" data-testid="match-order-no">
            {match.orderNo ?? "—"}
          </span>
          {t("plus")}
          {t("declareNumber")}{" "}
          <span className="font-mono" data-testid="match-declare-number">
            {match.declareNumber ?? "—"}
          </span>
        </span>
        {ready ? (
          <CopyButton
            value={`${match.orderNo}\t${match.declareNumber}`}
            label={t("copy", { orderNo: match.orderNo ?? "" })}
          />
        ) : (
          <span className="text-xs text-slate-500">{t("notYet")}</span>
        )}
      </dd>
    </>
  );
}
