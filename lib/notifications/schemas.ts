import { z } from "zod";

/** POST /api/notifications/read: some of the reader's notifications, or all of them. */
export const markReadSchema = z.union([
  z.object({ ids: z.array(z.uuid()).min(1).max(100) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);
