import type { ReactNode } from "react";
import { recordGate } from "@/lib/auth/record-gate";
import { caseParams } from "@/lib/chargebacks/schemas";
import { chargebackExists } from "@/lib/chargebacks/case";

// An unknown chargeback id answers a real 404: decided here, before the skeleton beside the page streams.
export default async function ChargebackLayout({
  params,
  children,
}: {
  params: Promise<{ id: string }>;
  children: ReactNode;
}) {
  const parsed = caseParams.safeParse(await params);
  await recordGate("chargebacks.read", async () => parsed.success && (await chargebackExists(parsed.data.id)));
  return children;
}
