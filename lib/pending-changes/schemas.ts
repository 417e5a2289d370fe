import { z } from "zod";

export const pendingIdSchema = z.object({ id: z.uuid("Unknown pending change id") });
/** Why an admin approved, rejected or withdrew a change (optional, kept with the decision). */
export const decisionSchema = z.object({ comment: z.string().trim().max(500).optional() });
export const listQuerySchema = z.object({ area: z.enum(["settings", "users", "roles"]).optional().catch(undefined) });
