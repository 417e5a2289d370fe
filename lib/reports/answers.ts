import { z } from "zod";
import { ReportFrequency, ReportKind, Role } from "@/lib/generated/prisma/enums";
import { instant } from "@/lib/platform/api/answers";

export const subscriptionViewSchema = z.strictObject({
  id: z.uuid(),
  report: z.enum(ReportKind),
  frequency: z.enum(ReportFrequency),
  role: z.enum(Role).nullable(),
  userId: z.uuid().nullable(),
  savedView: z.strictObject({ id: z.uuid(), name: z.string() }).nullable(),
  createdAt: instant,
});

export const subscriptionListSchema = z.strictObject({ subscriptions: z.array(subscriptionViewSchema) });

export const subscriptionAnswerSchema = z.strictObject({ subscription: subscriptionViewSchema });

export const unsubscribedSchema = z.strictObject({ ok: z.literal(true) });
