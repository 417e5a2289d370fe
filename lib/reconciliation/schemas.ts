import { z } from "zod";
import { limitParam } from "@/lib/platform/api/keyset";
import { filterSchemaOf } from "@/lib/platform/api/list-schema";
import { keyed } from "@/lib/platform/keyed";
import { exceptionSearchParams } from "./search-params";

// Messages are catalog keys (reconciliation.validation), said in the reader's language.

export const exceptionFilterSchema = filterSchemaOf(exceptionSearchParams).extend({ limit: limitParam });
export type ExceptionFilter = Partial<z.infer<typeof exceptionFilterSchema>> & { limit: number };

export const exceptionParams = z.object({ id: z.uuid("reconciliation.validation.unknownException") });

/** How a person settled a difference: said in the audit log and on the row. */
export const resolveBody = z.strictObject({
  note: z
    .string()
    .trim()
    .min(1, "reconciliation.validation.writeNote")
    .max(2000, keyed("reconciliation.validation.noteTooLong", { max: 2000 })),
});
export type ResolveBody = z.infer<typeof resolveBody>;
