import type { RouteArea } from "@/lib/platform/api/openapi/route-doc";
import { ACCOUNT_DOCS } from "@/lib/platform/api/openapi/paths/account";
import { ADMIN_DOCS } from "@/lib/platform/api/openapi/paths/admin";
import { CHARGEBACK_DOCS } from "@/lib/platform/api/openapi/paths/chargebacks";
import { CUSTOMS_DOCS } from "@/lib/platform/api/openapi/paths/customs";
import { LEDGER_DOCS } from "@/lib/platform/api/openapi/paths/ledger";
import { PAYMENTS_DOCS } from "@/lib/platform/api/openapi/paths/payments";
import { REFUND_BATCH_DOCS } from "@/lib/platform/api/openapi/paths/refund-batches";
import { RECONCILIATION_DOCS } from "@/lib/platform/api/openapi/paths/reconciliation";
import { SYSTEM_DOCS } from "@/lib/platform/api/openapi/paths/system";

/** The reference's words for every route, area by area, in the order it reads. */
export const API_AREAS: RouteArea[] = [
  ACCOUNT_DOCS,
  ADMIN_DOCS,
  LEDGER_DOCS,
  PAYMENTS_DOCS,
  REFUND_BATCH_DOCS,
  RECONCILIATION_DOCS,
  CHARGEBACK_DOCS,
  CUSTOMS_DOCS,
  SYSTEM_DOCS,
];
