import type { Metadata } from "next";
import Link from "next/link";
import { requirePageUser } from "@/lib/platform/auth/session";
import { can } from "@/lib/platform/auth/permissions";
import { getTranslations } from "@/lib/platform/i18n/server";
import { listRefundBatches } from "@/lib/refund-batches/view";
import { ListHeader } from "@/components/data-table/list-header";
import { buttonClass } from "@/components/ui/button";
import { BatchList } from "../_components/batch-list";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("refundBatches");
  return { title: t("title") };
}

export default async function RefundBatchesPage() {
  const user = await requirePageUser("transactions.read");
  const t = await getTranslations("refundBatches");
  const batches = await listRefundBatches();
  return (
    <div className="space-y-4">
      <ListHeader
        title={t("title")}
        description={t("description")}
        actions={
          can(user.role, "money.move") ? (
            <Link href="/refund-batches/new" className={buttonClass()}>
              {t("newTitle")}
            </Link>
          ) : undefined
        }
      />
      <BatchList batches={batches} list="refund-batches" />
    </div>
  );
}
