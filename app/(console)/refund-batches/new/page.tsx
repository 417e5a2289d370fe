import { requirePageUser } from "@/lib/platform/auth/session";
import { getTranslations, titled } from "@/lib/platform/i18n/server";
import { ListHeader } from "@/components/data-table/list-header";
import { NewBatch } from "../_components/new-batch-lazy";

export const generateMetadata = titled("refundBatches", "newTitle");

export default async function NewRefundBatchPage({ searchParams }: { searchParams: Promise<{ from?: string }> }) {
  await requirePageUser("money.move");
  const t = await getTranslations("refundBatches");
  const fromSelection = (await searchParams).from === "selection";
  return (
    <div className="space-y-4">
      <ListHeader
        title={t("newTitle")}
        description={fromSelection ? t("newDescriptionSelection") : t("newDescription")}
      />
      <NewBatch />
    </div>
  );
}
