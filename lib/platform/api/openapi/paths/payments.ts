import type { RouteArea } from "@/lib/platform/api/openapi/route-doc";

export const PAYMENTS_DOCS: RouteArea = {
  area: "Payments",
  about: "The virtual terminal, consults, payment links, stored cards.",
  routes: {},
};
