import Link from "next/link";
import { requirePageUser } from "@/lib/platform/auth/session";
import { can } from "@/lib/platform/auth/permissions";
import { getTranslations, titled } from "@/lib/platform/i18n/server";
import { pageRefundBatches } from "@/lib/refund-batches/view";
import { REFUND_BATCHES_PAGE, refundBatchList } from "@/lib/refund-batches/search-params";
import { PrefetchedList, prefetchOf } from "@/components/data-table/prefetched-list";
import { ListHeader } from "@/components/data-table/list-header";
import { buttonClass } from "@/components/ui/button";
import { BatchList } from "../_components/batch-list";
import type { PageSearch } from "@/lib/platform/api/list-state";

export const generateMetadata = titled("refundBatches", "title");

const prefetch = prefetchOf(refundBatchList, (f) => pageRefundBatches({ ...f, limit: REFUND_BATCHES_PAGE }));

export default async function RefundBatchesPage({ searchParams }: PageSearch) {
  const user = await requirePageUser("transactions.read");
  const t = await getTranslations("refundBatches");
  return (
    <div className="space-y-4">
      <ListHeader
        title={t("title")}
        description={t("description")}
        actions={
          can(user, "money.move") ? (
            <Link href="/refund-batches/new" className={buttonClass()}>
              {t("newTitle")}
            </Link>
          ) : undefined
        }
      />
      <PrefetchedList queries={[await prefetch(searchParams)]}>
        <BatchList />
      </PrefetchedList>
    </div>
  );
}
