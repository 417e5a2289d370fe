import type { Metadata } from "next";
import Link from "next/link";
import { requirePageUser } from "@/lib/platform/auth/session";
import { can } from "@/lib/platform/auth/permissions";
import { getTranslations } from "@/lib/platform/i18n/server";
import { listRefundBatches } from "@/lib/refund-batches/view";
import { batchListQuerySchema } from "@/lib/refund-batches/schemas";
import { NotFound } from "@/lib/platform/errors";
import { Notice } from "@/components/ui/notice";
import { ListHeader } from "@/components/data-table/list-header";
import { buttonClass } from "@/components/ui/button";
import { BatchList } from "../_components/batch-list";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("refundBatches");
  return { title: t("title") };
}

export default async function RefundBatchesPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requirePageUser("transactions.read");
  const t = await getTranslations("refundBatches");
  const query = batchListQuerySchema.safeParse({ before: (await searchParams).before });
  const before = query.success ? query.data.before : undefined;
  const { batches, more } = await listRefundBatches(undefined, { before }).catch((error: unknown) => {
    // A batch id that is not (or no longer) there: the newest page, with a word on why.
    if (error instanceof NotFound) return { batches: null, more: false };
    throw error;
  });
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
      {(!query.success || !batches) && (
        <Notice tone="warning" testId="pager-refused">
          {t("list.badBefore")}
        </Notice>
      )}
      {batches && <BatchList batches={batches} list="refund-batches" pager={{ older: Boolean(before), more }} />}
    </div>
  );
}
