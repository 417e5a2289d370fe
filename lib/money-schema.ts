import { z } from "zod";

/** An amount in the currency's minor units, as every money form and API body takes it. */
export const minorAmountSchema = z
  .number({ error: "amount must be a number in minor units" })
  .int("amount must be a whole number of minor units")
  .positive("amount must be more than zero")
  .max(Number.MAX_SAFE_INTEGER);
