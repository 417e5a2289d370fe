import { z } from "zod";
import { ERROR_STATUS, type ErrorCode } from "@/lib/platform/api/errors";
import type { FoundRoute, Method } from "@/lib/platform/api/openapi/collect";
import type { RouteArea, RouteDoc, RouteKey, RouteWords } from "@/lib/platform/api/openapi/route-doc";
import { errorAnswers, errorResponses, successResponses } from "@/lib/platform/api/openapi/responses";
import { fieldsOf, jsonSchema } from "@/lib/platform/api/openapi/schema";

/** Every error answer of the API (lib/api/errors.ts). */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]),
    message: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});

/** One documented operation: the route's declaration and its words together. */
export type Operation = FoundRoute & { doc: RouteDoc; tag: string };

export type { RouteKey };

const keyOf = (r: { method: Method; path: string }) => `${r.method} ${r.path}`;

/** Route files no words describe, and words for routes no file answers: both must be empty. */
export function coverage(found: FoundRoute[], areas: RouteArea[]) {
  const docs = new Map(areas.flatMap((a) => Object.entries(a.routes)));
  const keys = new Set(found.map(keyOf));
  return {
    undocumented: found.filter((r) => !r.spec?.doc && !docs.has(keyOf(r))).map(keyOf),
    unanswered: [...docs].filter(([k, doc]) => !doc?.external && !keys.has(k)).map(([k]) => k),
  };
}

/** A route's own words (route({ doc })) as the reference reads them. */
function ownDoc(words: RouteWords): RouteDoc {
  const { tag: _, description, errors: __, ...rest } = words;
  return { ...rest, does: description ?? words.summary };
}

/** The operations in the order of the areas: their registry's words first, then the routes that document themselves. */
export function operations(found: FoundRoute[], areas: RouteArea[]): Operation[] {
  const { undocumented, unanswered } = coverage(found, areas);
  const twice = found.filter((r) => r.spec?.doc && areas.some((a) => keyOf(r) in a.routes)).map(keyOf);
  const lost = found.filter((r) => r.spec?.doc && !areas.some((a) => a.area === r.spec?.doc?.tag)).map(keyOf);
  if (undocumented.length || unanswered.length || twice.length || lost.length)
    throw new Error(
      `API reference out of step: no words for ${undocumented}; no route for ${unanswered}; words twice for ${twice}; no area for ${lost}`,
    );
  const byKey = new Map(found.map((r) => [keyOf(r), r]));
  return areas.flatMap(({ area, routes }) => [
    ...Object.entries(routes).map(([key, doc]) => {
      const [method, path] = key.split(" ") as [Method, string];
      const route = byKey.get(key) ?? { method, path, file: "server/intake.ts" };
      return { ...route, doc: doc!, tag: area };
    }),
    ...found.filter((r) => r.spec?.doc?.tag === area).map((r) => ({ ...r, doc: ownDoc(r.spec!.doc!), tag: area })),
  ]);
}

/** Who may call, in the reference's words. */
export function accessWords(op: Operation): string {
  const spec = op.spec;
  if (op.doc.access) return op.doc.access;
  if (!spec) throw new Error(`${op.method} ${op.path}: not written with route(), so its doc must say who may call`);
  const who =
    spec.permission === "public" ? "none" : spec.permission === "signed-in" ? "signed in" : `\`${spec.permission}\``;
  const step =
    spec.stepUp === "always" ? " + step-up" : spec.stepUp === "sometimes" ? " (+ step-up for some changes)" : "";
  const early = spec.incomplete ? " (also before the password change or second factor)" : "";
  return `${who}${step}${early}`;
}

const IDEMPOTENCY_KEY = {
  name: "Idempotency-Key",
  in: "header",
  required: true,
  description: "8–100 of `A–Z a–z 0–9 . : - _`, one per intent, the same on every retry of it",
  schema: { type: "string", minLength: 8, maxLength: 100, pattern: "^[A-Za-z0-9.:_-]+$" },
};

function operationObject(op: Operation) {
  const { spec, doc } = op;
  const where = `${op.method} ${op.path}`;
  const parameters = [
    ...(spec?.params ? fieldsOf(spec.params, where).map((f) => ({ in: "path", ...f, required: true })) : []),
    ...(spec?.query ? fieldsOf(spec.query, where).map((f) => ({ in: "query", ...f })) : []),
    ...(doc.idempotencyKey === true
      ? [IDEMPOTENCY_KEY]
      : doc.idempotencyKey === "optional"
        ? [
            {
              ...IDEMPOTENCY_KEY,
              required: false,
              description: `${IDEMPOTENCY_KEY.description}; optional: with it, a double submit is made once (the browser always sends one)`,
            },
          ]
        : []),
  ];
  const requestBody = doc.consumes
    ? { required: true, content: { [doc.consumes]: { schema: { type: "string", format: "binary" } } } }
    : spec?.body
      ? { required: true, content: { "application/json": { schema: jsonSchema(spec.body) } } }
      : undefined;
  const permission = spec?.permission ?? "public";
  return {
    tags: [op.tag],
    operationId: operationId(op.method, op.path),
    ...(doc.summary ? { summary: doc.summary } : {}),
    description: `${doc.does}\n\nAccess: ${accessWords(op)}.`,
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: spec?.response
      ? {
          ...successResponses(spec.response, doc.summary ?? doc.does, spec.doc?.status, spec.doc?.pending),
          ...errorResponses(spec),
        }
      : {
          "2XX": {
            description: "Success; the description above names any status other than 200",
            content: { [doc.produces ?? "application/json"]: { schema: doc.produces ? { type: "string" } : {} } },
          },
          ...errorResponses(spec, doc.errors),
        },
    security: doc.access || permission === "public" ? [] : [{ session: [] }],
    "x-permission": permission,
    ...(spec && spec.stepUp !== "never" ? { "x-step-up": spec.stepUp } : {}),
  };
}

/** The OpenAPI 3.1 document served at GET /api/openapi.json and rendered into docs/api.md. */
export function openApiDocument(found: FoundRoute[], overview: string, areas: RouteArea[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations(found, areas)) {
    paths[op.path] ??= {};
    paths[op.path]![op.method.toLowerCase()] = operationObject(op);
  }
  return {
    openapi: "3.1.0",
    info: { title: "Merchant Console API", version: "1", description: overview },
    servers: [{ url: "/" }],
    tags: areas.map(({ area, about }) => ({ name: area, description: about })),
    paths,
    components: {
      schemas: { Error: jsonSchema(errorBodySchema) },
      responses: errorAnswers(),
      securitySchemes: {
        session: {
          type: "apiKey",
          in: "cookie",
          name: "next-auth.session-token",
          description:
            "The sign-in's cookie (`__Secure-next-auth.session-token` over https), naming a server-side session",
        },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;

const words = (s: string) => s.split(/[^A-Za-z0-9]+/).filter(Boolean);
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function operationId(method: Method, path: string): string {
  const parts = path
    .split("/")
    .slice(2)
    .flatMap((seg) => (seg.startsWith("{") ? [`By${cap(seg.slice(1, -1))}`] : words(seg).map(cap)));
  return `${method.toLowerCase()}${parts.join("")}`;
}
