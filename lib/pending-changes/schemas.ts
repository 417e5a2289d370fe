import { z } from "zod";
import { keyed } from "@/lib/platform/keyed";

export const pendingIdSchema = z.object({ id: z.uuid(keyed("validation.ids.pendingChange")) });
/** Why an admin approved, rejected or withdrew a change (optional, kept with the decision). */
export const decisionSchema = z.object({ comment: z.string().trim().max(500).optional() });
export const listQuerySchema = z.object({ area: z.enum(["settings", "users", "roles"]).optional().catch(undefined) });
