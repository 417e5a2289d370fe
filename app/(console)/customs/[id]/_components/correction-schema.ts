import { z } from "zod";
import { resubmitSchema } from "@/lib/declarations/schemas";
import { optionalMoneyText } from "@/lib/platform/money-schema";
import { type CorrectionTarget, type CorrectionValues, toBody } from "./correction-values";

// The correction form's schema: the server's own (resubmitSchema), each fee read from its CNY
// text first. Loaded by the form at its first check (a dynamic import keeps zod off the page).

const fen = (schema: z.ZodType) => (schema as z.ZodOptional<z.ZodType<number, number>>).unwrap();
const shape = resubmitSchema.shape;

export const correctionFormSchema = (target: CorrectionTarget) => () =>
  z.preprocess(
    (values) => toBody(values as CorrectionValues, target),
    resubmitSchema.safeExtend({
      orderFee: optionalMoneyText("CNY", fen(shape.orderFee)) as unknown as typeof shape.orderFee,
      transportFee: optionalMoneyText("CNY", fen(shape.transportFee), {
        allowZero: true,
      }) as unknown as typeof shape.transportFee,
      productFee: optionalMoneyText("CNY", fen(shape.productFee)) as unknown as typeof shape.productFee,
      duty: optionalMoneyText("CNY", fen(shape.duty), { allowZero: true }) as unknown as typeof shape.duty,
    }),
  );
