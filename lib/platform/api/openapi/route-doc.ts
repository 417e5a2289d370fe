import type { Method } from "@/lib/platform/api/openapi/collect";

/**
 * The words of the API reference for one route. Its schemas, permission and step-up are not
 * here: the reference reads them from the route's own route() declaration.
 */
export type RouteDoc = {
  /** What it does and answers, in Markdown. */
  does: string;
  /** Requires an `Idempotency-Key` header. */
  /** true: required; "optional": a double submit sent with one is made once. */
  idempotencyKey?: true | "optional";
  /** The body's media type when it is not JSON. */
  consumes?: "text/csv" | "application/octet-stream";
  /** The answer's media type when it is not JSON. */
  produces?: "text/csv" | "application/pdf" | "application/zip" | "text/plain" | "application/octet-stream";
  /** Who may call, for a handler not written with route() or answered outside app/api. */
  access?: string;
  /** Answered by the server in front of Next (server/intake.ts), not by a file under app/api. */
  external?: true;
};

export type RouteKey = `${Method} /api/${string}`;
export type RouteDocs = Partial<Record<RouteKey, RouteDoc>>;

/** A part of the reference: a tag of the OpenAPI document, a section of docs/api.md. */
export type RouteArea = { area: string; about: string; routes: RouteDocs };
