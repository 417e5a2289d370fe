import { z } from "zod";

// The payment service's transaction ids and the merchant's references as the console's paths and
// bodies carry them. Pure: a page that takes the payment API's constants through lib/upi/shared
// does not load zod for them.

const id = /* @__PURE__ */ z
  .string()
  .trim()
  .min(1, "validation.ledger.transactionId")
  .max(64, "validation.ledger.transactionIdMax")
  .regex(/^[\w-]+$/, "validation.ledger.transactionIdFormat");
export const transactionIdSchema = /* @__PURE__ */ z.object({ id });
export const importSchema = /* @__PURE__ */ z.object({ id });

/** A merchant reference the caller may give (a charge, a payment link, a stored card); one is made up otherwise. */
export const merchantReferenceSchema = /* @__PURE__ */ z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[\w.:-]+$/, "validation.charge.reference")
  .optional();
