import { z } from "zod";
import { chargeFormSchema } from "@/lib/charges/schemas";
import { goodsRequired } from "@/app/(console)/terminal/_components/charge-schema";
import { type ChargeValues, toBody } from "@/app/(console)/terminal/_components/charge-values";

// The confirm form's schema: POST /api/charges/<token>/confirm's own body (the terminal's, the
// spec's "same shape as create charge"), built from the terminal's fields by the terminal's own
// toBody, with the reference the spec requires unchanged and the charge's currency; the card
// checked (Luhn, a past expiry) before anything is sent. Loaded at the first check.

export const confirmSchema = (reference: string, currency: string) => () =>
  z.preprocess(
    (input) => ({ ...toBody(input as ChargeValues), reference, currency }),
    chargeFormSchema(currency).superRefine(goodsRequired),
  );
