import type { ReactNode } from "react";
import { recordGate } from "@/lib/auth/record-gate";
import { declarationIdSchema } from "@/lib/declarations/schemas";
import { declarationExists } from "@/lib/declarations/view";

// An unknown declaration id answers a real 404: decided here, before the skeleton beside the page streams.
export default async function DeclarationLayout({
  params,
  children,
}: {
  params: Promise<{ id: string }>;
  children: ReactNode;
}) {
  const parsed = declarationIdSchema.safeParse(await params);
  await recordGate("customs.read", async () => parsed.success && (await declarationExists(parsed.data.id)));
  return children;
}
