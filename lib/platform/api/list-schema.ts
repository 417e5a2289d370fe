import type { ParserMap } from "nuqs/server";
import { z } from "zod";
import { type FilterOf, fallbackOf, invalidFilterMessage, type Raw, readParam } from "./list-state";

export type { FilterOf };

/** A list parser map's zod schema for its route's query: lenient drops a refused value, strict names it. */
export function filterSchemaOf<P extends ParserMap>(parsers: P, { lenient = true } = {}) {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, parser] of Object.entries(parsers)) {
    const fallback = fallbackOf(parser);
    const field = z
      .union([z.string(), z.array(z.string())])
      .optional()
      .transform((raw: Raw, ctx) => {
        const read = readParam(parser, raw);
        if (read === "absent") return fallback;
        if (read === "invalid" || (read.refused && !lenient))
          ctx.addIssue({ code: "custom", message: invalidFilterMessage(raw) });
        return read === "invalid" ? fallback : read.value;
      });
    shape[key] = lenient ? field.catch(fallback) : field;
  }
  return z.object(shape) as unknown as z.ZodObject<{ [K in keyof P]: z.ZodType<FilterOf<P>[K], Raw> }>;
}
