import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { requirePageUser } from "@/lib/platform/auth/session";
import { can } from "@/lib/platform/auth/permissions";
import { NotFound } from "@/lib/platform/errors";
import { getTranslations } from "@/lib/platform/i18n/server";
import { batchIdSchema } from "@/lib/refund-batches/schemas";
import { getRefundBatchOrThrow } from "@/lib/refund-batches/view";
import { BatchPage } from "../_components/batch-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("refundBatches");
  return { title: t("title") };
}

async function load(id: string) {
  try {
    return await getRefundBatchOrThrow(id);
  } catch (error) {
    if (error instanceof NotFound) notFound();
    throw error;
  }
}

export default async function RefundBatchPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requirePageUser("transactions.read");
  const parsed = batchIdSchema.safeParse(await params);
  if (!parsed.success) notFound();
  const batch = await load(parsed.data.id);
  return (
    <BatchPage
      initial={batch}
      may={{
        cancel: can(user.role, "money.move"),
        decide: can(user.role, "refunds.approve"),
        own: batch.createdById === user.id,
      }}
    />
  );
}
