import { z } from "zod";

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  [key: string]: unknown;
};

/** A schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect): a request as a caller writes it, an answer as sent. */
export function jsonSchema(schema: z.ZodType, io: "input" | "output" = "input"): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  return rest;
}

/** An object schema's fields (path parameters, a query), each with whether it is required. */
export function fieldsOf(schema: z.ZodType, where: string): { name: string; schema: JsonSchema; required: boolean }[] {
  const json = jsonSchema(schema);
  if (!json.properties) throw new Error(`${where}: not an object schema, so its fields cannot be listed`);
  return Object.entries(json.properties).map(([name, field]) => ({
    name,
    schema: field,
    required: json.required?.includes(name) ?? false,
  }));
}

/** A field's type in a few words for the Markdown reference: `integer 1–200`, `"a" | "b"`, `object`. */
export function typeWords(s: JsonSchema): string {
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (s.anyOf) return s.anyOf.map(typeWords).join(" or ");
  const type = Array.isArray(s.type) ? s.type.join(" or ") : (s.type ?? "any");
  if (type === "array") return `${s.items ? typeWords(s.items) : "any"}[]${range(s.minItems, s.maxItems, " items")}`;
  if (type === "string") {
    const format = typeof s.format === "string" ? ` (${s.format})` : "";
    return `string${format}${range(s.minLength, s.maxLength, " chars")}`;
  }
  if (type === "integer" || type === "number") {
    const min = s.exclusiveMinimum !== undefined ? `> ${s.exclusiveMinimum}` : undefined;
    return `${type}${min ? ` ${min}` : range(s.minimum, s.maximum === Number.MAX_SAFE_INTEGER ? undefined : s.maximum, "")}`;
  }
  return type;
}

function range(min: unknown, max: unknown, unit: string): string {
  if (typeof min === "number" && typeof max === "number") return ` ${min}–${max}${unit}`;
  if (typeof min === "number" && min > 0) return ` ≥ ${min}${unit}`;
  if (typeof max === "number") return ` ≤ ${max}${unit}`;
  return "";
}
