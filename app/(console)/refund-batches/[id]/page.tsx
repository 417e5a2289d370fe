import { notFound } from "next/navigation";
import { requirePageUser } from "@/lib/platform/auth/session";
import { can } from "@/lib/platform/auth/permissions";
import { NotFound } from "@/lib/platform/errors";
import { titled } from "@/lib/platform/i18n/server";
import { batchIdSchema, batchPageQuerySchema } from "@/lib/refund-batches/schemas";
import { getRefundBatchOrThrow } from "@/lib/refund-batches/view";
import { BatchPage } from "../_components/batch-page";

export const generateMetadata = titled("refundBatches", "title");

async function load(id: string, after: number) {
  try {
    return await getRefundBatchOrThrow(id, after);
  } catch (error) {
    if (error instanceof NotFound) notFound();
    throw error;
  }
}

export default async function RefundBatchPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requirePageUser("transactions.read");
  const parsed = batchIdSchema.safeParse(await params);
  if (!parsed.success) notFound();
  // A row number the page cannot use (?after=abc) opens the first rows.
  const page = batchPageQuerySchema.safeParse({ after: (await searchParams).after });
  const batch = await load(parsed.data.id, page.success ? page.data.after : 0);
  return (
    <BatchPage
      initial={batch}
      may={{
        cancel: can(user, "money.move"),
        decide: can(user, "refunds.approve"),
        own: batch.createdById === user.id,
      }}
    />
  );
}
