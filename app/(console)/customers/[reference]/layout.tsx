import type { ReactNode } from "react";
import { recordGate } from "@/lib/auth/record-gate";
import { customerParams } from "@/lib/customers/schemas";
import { customerExists } from "@/lib/customers/view";

// An unknown consumer reference answers a real 404: decided here, before the skeleton beside the page streams.
export default async function CustomerLayout({
  params,
  children,
}: {
  params: Promise<{ reference: string }>;
  children: ReactNode;
}) {
  const parsed = customerParams.safeParse(await params);
  await recordGate(
    "transactions.read",
    async (user) => parsed.success && (await customerExists(parsed.data.reference, user.role)),
  );
  return children;
}
