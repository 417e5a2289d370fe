import { route } from "@/lib/api/route";
import { clientInfo } from "@/lib/audit/log";
import { createPaymentLinkSchema } from "@/lib/payment-links/schemas";
import { createPaymentLink, listPaymentLinks } from "@/lib/payment-links/service";

export const GET = route({ permission: "charges.create" }, async () => ({ links: await listPaymentLinks() }));

export const POST = route({ permission: "charges.create", body: createPaymentLinkSchema, action: "payment_link.create" }, async ({ body, user, req }) => {
  const link = await createPaymentLink(body, user, clientInfo(req.headers));
  return Response.json(link, { status: 201, headers: { "Cache-Control": "no-store" } });
});
