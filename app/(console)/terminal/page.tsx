import type { Metadata } from "next";
import { requirePageUser } from "@/lib/auth/session";
import { ChargeForm } from "./_components/charge-form";
import { vaultTokenParamSchema } from "@/lib/vault/schemas";

export const metadata: Metadata = { title: "Virtual terminal" };

export default async function TerminalPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requirePageUser("charges.create");
  // "Charge this card" on a stored card lands here with its token filled in.
  const token = vaultTokenParamSchema.safeParse({ token: (await searchParams).vaultToken });
  return (
    <div className="max-w-4xl space-y-4">
      <div>
        <h1 className="text-2xl font-semibold">Virtual terminal</h1>
        <p className="mt-1 text-slate-600">
          Take a payment on the customer’s behalf. Card details go straight to the payment service; the console keeps
          only the masked number.
        </p>
      </div>
      <ChargeForm vaultToken={token.success ? token.data.token : undefined} />
    </div>
  );
}
