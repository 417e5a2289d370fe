import type { ReactNode } from "react";
import { recordGate } from "@/lib/auth/record-gate";
import { transactionIdSchema } from "@/lib/ledger/schemas";
import { transactionExists } from "@/lib/ledger/service";

// An unknown transaction id answers a real 404: decided here, before the skeleton beside the page streams.
export default async function TransactionLayout({
  params,
  children,
}: {
  params: Promise<{ id: string }>;
  children: ReactNode;
}) {
  const parsed = transactionIdSchema.safeParse(await params);
  await recordGate("transactions.read", async () => parsed.success && (await transactionExists(parsed.data.id)));
  return children;
}
