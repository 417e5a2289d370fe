import type { Metadata } from "next";
import { requirePageUser } from "@/lib/auth/session";
import { listPaymentLinks } from "@/lib/payment-links/service";
import { PaymentLinkForm } from "./_components/payment-link-form";
import { LinkList } from "./_components/link-list";

export const metadata: Metadata = { title: "Pay by link" };

export default async function PaymentLinksPage() {
  await requirePageUser("charges.create");
  const links = await listPaymentLinks();
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold">Pay by link</h1>
        <p className="mt-1 text-slate-600">
          Send the customer a hosted payment page or a QR code. The console follows each payment until it completes,
          with its amount in CNY.
        </p>
      </div>
      <PaymentLinkForm />
      <LinkList initial={links} />
    </div>
  );
}
