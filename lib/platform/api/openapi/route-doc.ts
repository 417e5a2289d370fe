import type { z } from "zod";
import type { ErrorCode } from "@/lib/platform/api/errors";

export const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type Method = (typeof METHODS)[number];

/** The words of the API reference for one route. */
export type RouteDoc = {
  does: string;
  summary?: string;
  /** `Idempotency-Key` header: true required; "optional": a double submit sent with one is made once. */
  idempotencyKey?: true | "optional";
  consumes?: "text/csv" | "application/octet-stream";
  produces?: "text/csv" | "application/pdf" | "application/zip" | "text/plain" | "application/octet-stream";
  access?: string;
  external?: true;
  /** Error answers beyond those route() derives from the declaration (for a route outside it: all of them). */
  errors?: ErrorCode[];
};

/** What route({ doc }) says of itself: its area (a tag of the reference), a summary, the longer words. */
export type RouteWords = Omit<RouteDoc, "does" | "external"> & {
  tag: string;
  summary: string;
  description?: string;
  status?: 201 | 202;
  /** It may instead wait for a second admin: 202 with this answer (`{ pendingChange }`). */
  pending?: z.ZodType;
};

export type RouteKey = `${Method} /api/${string}`;
export type RouteDocs = Partial<Record<RouteKey, RouteDoc>>;

/** A part of the reference: a tag of the OpenAPI document, a section of docs/api.md. */
export type RouteArea = { area: string; about: string; routes: RouteDocs };
