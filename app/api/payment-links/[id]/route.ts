import { route } from "@/lib/platform/api/route";
import { paymentLinkIdSchema } from "@/lib/payment-links/schemas";
import { followPaymentLink } from "@/lib/payment-links/follow";

/** The link's state, inquired from the service while the payment is still open. */
export const GET = route({ permission: "charges.create", params: paymentLinkIdSchema }, async ({ params }) =>
  followPaymentLink(params.id),
);
