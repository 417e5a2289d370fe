import type { OpenApiDocument } from "@/lib/platform/api/openapi/document";
import { typeWords, type JsonSchema } from "@/lib/platform/api/openapi/schema";

type Parameter = { name: string; in: string; required?: boolean; schema: JsonSchema };
type OperationObject = {
  tags: string[];
  description: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
  "x-permission": string;
};

const HEADER =
  "<!-- Written by `npm run docs:api` from the route handlers (app/api) and lib/platform/api/openapi: edit those, not this file. -->";

const cell = (s: string) => s.replace(/\n+/g, " ").replace(/\|/g, "\\|");

/** docs/api.md: the overview, then area by area a table of its routes and each route's inputs. */
export function apiMarkdown(doc: OpenApiDocument): string {
  const ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods as Record<string, OperationObject>).map(([method, op]) => ({
      key: `${method.toUpperCase()} ${path}`,
      op,
    })),
  );
  const out = [HEADER, "", "# The console's REST API", "", doc.info.description.trim(), ""];
  out.push("The routes below are also served as an OpenAPI 3.1 document at `GET /api/openapi.json`.", "");
  for (const { name, description } of doc.tags) {
    const mine = ops.filter(({ op }) => op.tags[0] === name);
    out.push(`## ${name}`, "", description, "", "| method and path | access | does |", "|---|---|---|");
    for (const { key, op } of mine) {
      const [does, access] = op.description.split("\n\nAccess: ");
      out.push(`| \`${key}\` | ${cell(access!.replace(/\.$/, ""))} | ${cell(does!)} |`);
    }
    const inputs = mine.flatMap(({ key, op }) => {
      const lines = inputLines(op);
      return lines.length ? [`- \`${key}\``, ...lines.map((l) => `  ${l}`)] : [];
    });
    out.push(
      "",
      ...(inputs.length ? ["Inputs, as each route's zod schema checks them (`?`: optional):", "", ...inputs, ""] : []),
    );
  }
  return `${out.join("\n").trimEnd()}\n`;
}

function inputLines(op: OperationObject): string[] {
  const lines: string[] = [];
  for (const where of ["path", "query", "header"]) {
    const params = (op.parameters ?? []).filter((p) => p.in === where);
    if (params.length)
      lines.push(`- ${where}: ${params.map((p) => field(p.name, p.schema, p.required ?? false)).join(", ")}`);
  }
  const content = op.requestBody?.content ?? {};
  for (const [type, { schema }] of Object.entries(content)) {
    if (type !== "application/json") lines.push(`- body: ${type}`);
    else if (schema.properties)
      lines.push(
        `- body: ${Object.entries(schema.properties)
          .map(([name, s]) => field(name, s, schema.required?.includes(name) ?? false))
          .join(", ")}`,
      );
    else lines.push(`- body: ${typeWords(schema)}`);
  }
  const success = Object.entries(op.responses).find(([status]) => /^2\d\d$/.test(status))?.[1];
  const answer = success?.content?.["application/json"]?.schema;
  if (answer?.properties)
    lines.push(
      `- answers: ${Object.entries(answer.properties)
        .map(([name, s]) => field(name, s, answer.required?.includes(name) ?? false))
        .join(", ")}`,
    );
  return lines;
}

const field = (name: string, schema: JsonSchema, required: boolean) =>
  `\`${name}${required ? "" : "?"}\` ${typeWords(schema)}`;
