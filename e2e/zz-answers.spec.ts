import { existsSync, readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import Ajv2020 from "@redocly/ajv/dist/2020.js";

// Runs after every other spec but the leak scan (files run in name order, one worker): each JSON
// answer the console gave in this run (test-results/responses.log, server/record-responses.ts)
// is checked against what GET /api/openapi.json says of its route and status — a success against
// the route's response schema, an error against the error contract. Field by field: the schemas
// are strict objects, so a field the reference does not name fails too.

type Operation = { responses: Record<string, { $ref?: string; content?: Record<string, { schema?: object }> }> };
type Document = { paths: Record<string, Record<string, Operation>> };

const DOCUMENT = "app/api/openapi.json/openapi.json";
const pointer = (...parts: string[]) => parts.map((p) => p.replaceAll("~", "~0").replaceAll("/", "~1")).join("/");

test("every JSON answer of the run has the shape the API reference gives its route and status", () => {
  const file = "test-results/responses.log";
  expect(existsSync(file), `${file} exists`).toBe(true);
  const doc = JSON.parse(readFileSync(DOCUMENT, "utf8")) as Document;
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false, validateSchema: false });
  ajv.addSchema(doc, "api");
  // A literal path before one with a parameter in its place: /api/transactions/summary is not a transaction.
  const routes = Object.keys(doc.paths)
    .map((path) => ({
      path,
      pattern: new RegExp(`^${path.replace(/\{\w+\}/g, "[^/]+").replaceAll(".", "\\.")}$`),
      params: path.split("{").length,
    }))
    .sort((a, b) => a.params - b.params);

  const checked = new Map<string, number>();
  const wrong: string[] = [];
  const entries = readFileSync(file, "utf8")
    .split(/\n### /)
    .slice(1);
  for (const entry of entries) {
    const [head = "", ...rest] = entry.split("\n");
    const [method = "", url = "", status = ""] = head.split(" ");
    const pathname = new URL(url, "http://console").pathname;
    if (!pathname.startsWith("/api/") || !/^\d{3}$/.test(status)) continue;
    const body = rest.join("\n");
    let answer: unknown;
    try {
      answer = JSON.parse(body);
    } catch {
      continue; // a download, a redirect, Prometheus text: not JSON, not described as JSON
    }
    const route = routes.find((r) => r.pattern.test(pathname));
    const operation = route && doc.paths[route.path]![method.toLowerCase()];
    if (!route || !operation) continue; // next-auth's own routes and paths no route answers
    const response = operation.responses[status];
    const ref = response?.$ref
      ? `api${response.$ref}/content/application~1json/schema`
      : response?.content?.["application/json"]?.schema &&
          Object.keys(response.content["application/json"].schema).length
        ? `api#/${pointer("paths", route.path, method.toLowerCase(), "responses", status, "content", "application/json", "schema")}`
        : Number(status) >= 400
          ? "api#/components/schemas/Error"
          : null;
    if (!ref) continue; // a success the reference describes only in words
    const validate = ajv.getSchema(ref) ?? ajv.compile({ $ref: ref });
    const key = `${method} ${route.path} ${status}`;
    checked.set(key, (checked.get(key) ?? 0) + 1);
    if (!validate(answer))
      wrong.push(`${key} (${url}): ${ajv.errorsText(validate.errors, { separator: "; " })} — ${body.slice(0, 300)}`);
  }
  expect(wrong).toEqual([]);
  // The recording is real and the check reaches most of the API, not a handful of routes.
  expect(new Set([...checked.keys()].map((k) => k.split(" ").slice(0, 2).join(" "))).size).toBeGreaterThan(60);
});
