import type { Metadata } from "next";
import { requirePageUser } from "@/lib/auth/session";
import { ChargeForm } from "./_components/charge-form";

export const metadata: Metadata = { title: "Virtual terminal" };

export default async function TerminalPage() {
  await requirePageUser("charges.create");
  return (
    <div className="max-w-4xl space-y-4">
      <div>
        <h1 className="text-2xl font-semibold">Virtual terminal</h1>
        <p className="mt-1 text-slate-600">
          Take a payment on the customer’s behalf. Card details go straight to the payment service; the console keeps only the masked number.
        </p>
      </div>
      <ChargeForm />
    </div>
  );
}
