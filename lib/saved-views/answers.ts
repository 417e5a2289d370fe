import { z } from "zod";
import { instant } from "@/lib/platform/api/answers";
import { LIST_IDS } from "@/lib/platform/pages";

export const savedViewSchema = z.strictObject({
  id: z.uuid(),
  list: z.enum(LIST_IDS),
  name: z.string().min(1),
  query: z.string(),
  href: z.string().startsWith("/"),
  createdAt: instant,
});

export const savedViewListSchema = z.strictObject({ views: z.array(savedViewSchema) });

export const savedViewCreatedSchema = z.strictObject({ view: savedViewSchema });

export const savedViewDeletedSchema = z.strictObject({ deleted: z.literal(true) });
