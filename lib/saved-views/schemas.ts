import { z } from "zod";
import { canonicalQuery, MAX_QUERY_LENGTH, SAVED_VIEW_LIST_IDS } from "./lists";

const list = z.enum(SAVED_VIEW_LIST_IDS, "Unknown list");

export const viewListQuerySchema = z.object({ list });

/** POST /api/views: the list, a name people read, and the list's query (canonicalised here). */
export const saveViewSchema = z.strictObject({
  list,
  name: z
    .string()
    .trim()
    .min(1, "Give the view a name")
    .max(60, "A view's name is at most 60 characters")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
    .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), "A view's name is plain text on one line"),
  query: z
    .string()
    .max(MAX_QUERY_LENGTH * 3, "These filters are too long to save")
    .transform((raw, ctx) => {
      const query = canonicalQuery(raw);
      if (query === null) {
        ctx.addIssue({ code: "custom", message: "Choose a filter or a sort first: there is nothing to save" });
        return z.NEVER;
      }
      return query;
    }),
});
export type SaveViewInput = z.infer<typeof saveViewSchema>;

export const viewIdSchema = z.object({ id: z.uuid("Unknown view") });
