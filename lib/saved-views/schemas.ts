import { z } from "zod";
import { LIST_IDS } from "@/lib/platform/pages";
import { canonicalQuery, MAX_QUERY_LENGTH } from "./lists";
import { keyed } from "@/lib/platform/keyed";

const list = z.enum(LIST_IDS, keyed("validation.savedViews.list"));

export const viewListQuerySchema = z.object({ list });

const name = z
  .string()
  .trim()
  .min(1, keyed("validation.savedViews.name"))
  .max(60, keyed("validation.savedViews.nameMax"))
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), keyed("validation.savedViews.nameText"));

/** POST /api/views: the list, a name people read, and the list's query (canonicalised here). */
export const saveViewSchema = z.strictObject({
  list,
  name,
  query: z
    .string()
    .max(MAX_QUERY_LENGTH * 3, keyed("validation.savedViews.tooLong"))
    .transform((raw, ctx) => {
      const query = canonicalQuery(raw);
      if (query === null) {
        ctx.addIssue({ code: "custom", message: keyed("validation.savedViews.empty") });
        return z.NEVER;
      }
      return query;
    }),
});
export type SaveViewInput = z.infer<typeof saveViewSchema>;

/** PATCH /api/views/{id}: a new name for one of your views. */
export const renameViewSchema = z.strictObject({ name });

export const viewIdSchema = z.object({ id: z.uuid(keyed("validation.ids.view")) });
