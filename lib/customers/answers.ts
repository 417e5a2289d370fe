import { z } from "zod";

export const customerReferencesSchema = z.strictObject({ references: z.array(z.string()) });
