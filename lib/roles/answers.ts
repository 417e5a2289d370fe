import { z } from "zod";
import { instant } from "@/lib/platform/api/answers";
import { PERMISSIONS } from "@/lib/platform/auth/permissions";

export const roleViewSchema = z.strictObject({
  key: z.string(),
  name: z.string(),
  preset: z.boolean(),
  permissions: z.array(z.enum(PERMISSIONS)),
  users: z.number().int().min(0),
  updatedAt: instant,
});
