import { z } from "zod";
import { NOTIFICATION_KINDS } from "./kinds";

/** POST /api/notifications/read: some of the reader's notifications, or all of them. */
export const markReadSchema = z.union([
  z.object({ ids: z.array(z.uuid()).min(1).max(100) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);

/** PUT /api/notifications/preferences: e-mail on or off per event kind. */
export const preferencesSchema = z.object({ email: z.partialRecord(z.enum(NOTIFICATION_KINDS), z.boolean()) }).strict();
