import { route } from "@/lib/platform/api/route";
import { paymentLinkIdSchema } from "@/lib/payment-links/schemas";
import { followPaymentLink } from "@/lib/payment-links/follow";
import { paymentLinkViewSchema } from "@/lib/payment-links/answers";

export const GET = route(
  {
    response: paymentLinkViewSchema,
    doc: {
      tag: "Payments",
      summary: "Read one payment link",
      description: "the link, inquired from the service while open; a paid one lands in the ledger with its CNY amount",
    },
    permission: "charges.create",
    params: paymentLinkIdSchema,
  },
  async ({ params }) => followPaymentLink(params.id),
);
