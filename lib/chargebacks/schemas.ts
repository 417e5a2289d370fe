import { z } from "zod";
import { reportMonth } from "@/lib/platform/api/list-params";
import { limitParam } from "@/lib/platform/api/keyset";
import { filterSchemaOf } from "@/lib/platform/api/list-schema";
import { chargebackSearchParams } from "./search-params";
import { keyed } from "@/lib/platform/keyed";
import { transactionIdSchema, CHARGEBACK_STATUSES } from "@/lib/upi/shared";
import { preferencesSchema } from "@/lib/platform/i18n/preferences-schema";
import { settingsSchema } from "@/lib/platform/settings/schema";

const id = transactionIdSchema.shape.id;
export const caseParams = z.object({ id });
/** The evidence pack's language and time zone, chosen when downloading; the reader's when absent. */
export const packQuery = preferencesSchema.partial();
export const fileParams = z.object({ id, fileId: z.uuid("chargebacks.validation.unknownFile") });
export const noteParams = z.object({ id, noteId: z.string().regex(/^\d{1,18}$/, keyed("validation.ids.note")) });

/** The charge a manager ties an untied chargeback to: a transaction id. */
export const tieBody = z.strictObject({ chargeId: id });

export const ownerBody = z.strictObject({ ownerId: z.uuid("chargebacks.validation.chooseOwner").nullable() });

export const noteBody = z.strictObject({
  body: z
    .string()
    .trim()
    .min(1, "chargebacks.validation.writeNote")
    .max(4000, keyed("chargebacks.validation.noteTooLong", { max: 4000 })),
});

// An empty name is refused by the evidence check (after the case is found: an unknown case is a 404).
export const uploadQuery = z.object({
  name: z
    .string()
    .trim()
    .max(200, keyed("chargebacks.validation.nameTooLong", { max: 200 }))
    .default(""),
});

export const summaryQuery = z.object({ from: reportMonth, to: reportMonth });

/** GET /api/chargebacks and its export: the list's URL state (./search-params.ts), plus the page size. */
export const chargebackFilterSchema = filterSchemaOf(chargebackSearchParams).extend({ limit: limitParam });
// Callers name only the filters they use (the case page asks for one charge's chargebacks).
export type ChargebackFilter = Partial<z.infer<typeof chargebackFilterSchema>> & { limit: number };

/** Days to answer a case, per status (the setting chargebackResponseDays): its keys are the spec's statuses. */
export const responseDaysSchema = z.partialRecord(
  z.enum(CHARGEBACK_STATUSES),
  settingsSchema.shape.chargebackResponseDays.valueType,
);
