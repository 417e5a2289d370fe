import { z } from "zod";
import { declarationSchema, subOrderSchema } from "@/lib/declarations/schemas";
import { moneyText, optionalMoneyText } from "@/lib/platform/money-schema";
import { type DeclarationValues, toBody } from "./declaration-values";

// The declaration form's schema: the server's own, each fee read from its CNY text first.
// Loaded by the form at its first check (a dynamic import keeps zod off the page).

const fenField = <S extends z.ZodType>(schema: S) => schema as unknown as z.ZodType<number, number>;
const subOrderText = subOrderSchema.extend({
  orderFee: moneyText("CNY", fenField(subOrderSchema.shape.orderFee)),
  transportFee: optionalMoneyText("CNY", fenField(subOrderSchema.shape.transportFee.unwrap()), { allowZero: true }),
  productFee: optionalMoneyText("CNY", fenField(subOrderSchema.shape.productFee.unwrap())),
});

/** The server's schema over the typed values; the payment's id comes from the lookup. */
export const declarationFormSchema = (transactionId: string | null) => () =>
  z.preprocess(
    (values) => toBody(values as DeclarationValues, transactionId),
    declarationSchema.safeExtend({
      duty: optionalMoneyText("CNY", fenField(declarationSchema.shape.duty.unwrap()), {
        allowZero: true,
      }) as unknown as typeof declarationSchema.shape.duty,
      subOrders: z
        .array(subOrderText)
        .max(50, "customs.form.tooManySubOrders")
        .default([]) as unknown as typeof declarationSchema.shape.subOrders,
    }),
  );
