import type { ReactNode } from "react";
import { recordGate } from "@/lib/auth/record-gate";
import { vaultTokenParamSchema } from "@/lib/vault/schemas";
import { tokenKnown } from "@/lib/vault/service";

// An unknown token answers a real 404: decided here, before the skeleton beside the page streams.
export default async function TokenLayout({
  params,
  children,
}: {
  params: Promise<{ token: string }>;
  children: ReactNode;
}) {
  const parsed = vaultTokenParamSchema.safeParse(await params);
  await recordGate("vault.read", async () => parsed.success && (await tokenKnown(parsed.data.token)));
  return children;
}
