import { randomUUID } from "node:crypto";

// Rows written straight to the database for list and search tests: just the required
// columns with plain values, overridden per test.

let n = 0;

/** A ledger charge; newer rows come first in the list (each one a second older). */
export const ledgerRow = (o: Record<string, unknown> = {}) => ({
  id: `row-${randomUUID()}`,
  type: "charge" as const,
  status: "succeeded",
  amount: 999n,
  currency: "USD",
  timeCreated: new Date(Date.now() - ++n * 1000),
  payload: {},
  source: "import",
  ...o,
});

/** A customs declaration with no sub-orders. */
export const declarationRow = (reference: string) => ({
  idempotencyKey: randomUUID(),
  reference,
  vendor: "alipay",
  paymentType: "alipay",
  merchantCustomsCode: "C1",
  merchantCustomsName: "Shop",
  customsLocation: "HANGZHOU",
  isSplit: false,
  source: "form",
  createdBy: "ops@example.com",
  createdById: randomUUID(),
});
