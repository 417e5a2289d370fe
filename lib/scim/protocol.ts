import "server-only";
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { NextRequest } from "next/server";
import { db } from "@/lib/platform/db";
import { audit } from "@/lib/platform/audit/log";
import type { Actor } from "@/lib/platform/auth/actor";
import { BODY_LIMITS, BodyTooLarge, readCapped } from "@/lib/platform/http/body";
import { assertStorable } from "@/lib/platform/http/storable";
import { DomainError } from "@/lib/platform/errors";
import { log } from "@/lib/platform/log";

// The provisioning API speaks SCIM 2.0 (RFC 7643/7644), not the console's error contract.

export const URN = {
  user: "urn:ietf:params:scim:schemas:core:2.0:User",
  group: "urn:ietf:params:scim:schemas:core:2.0:Group",
  list: "urn:ietf:params:scim:api:messages:2.0:ListResponse",
  error: "urn:ietf:params:scim:api:messages:2.0:Error",
  patch: "urn:ietf:params:scim:api:messages:2.0:PatchOp",
} as const;

/** A refusal in SCIM's words: the HTTP status and, for a 400, RFC 7644's scimType. */
export class ScimFailure extends Error {
  constructor(
    readonly status: number,
    detail: string,
    readonly scimType?: "invalidFilter" | "invalidValue" | "invalidSyntax" | "mutability" | "uniqueness" | "noTarget",
  ) {
    super(detail);
  }
}

export function scimJson(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/scim+json", "Cache-Control": "no-store", ...headers },
  });
}

const failure = (status: number, detail: string, scimType?: string) =>
  scimJson({ schemas: [URN.error], status: String(status), ...(scimType ? { scimType } : {}), detail }, status);

const sha256 = (text: string) => createHash("sha256").update(text).digest();

/** Whether the Authorization header carries a provisioning token that is not revoked. */
export async function bearerValid(authorization: string | null): Promise<boolean> {
  const token = /^Bearer ([A-Za-z0-9_-]{20,200})$/.exec(authorization ?? "")?.[1];
  if (!token) return false;
  const hash = sha256(token);
  const row = await db.scimToken.findUnique({ where: { tokenHash: hash.toString("hex") } });
  return !!row && !row.revokedAt && timingSafeEqual(Buffer.from(row.tokenHash, "hex"), hash);
}

export const tokenHashOf = (token: string) => sha256(token).toString("hex");

/** A new provisioning token, shown this once; the one before it stops working. */
export async function issueScimToken(actor: Actor): Promise<{ token: string }> {
  const token = `scim_${randomBytes(32).toString("base64url")}`;
  await db.$transaction(async (tx) => {
    await tx.scimToken.updateMany({ where: { revokedAt: null }, data: { revokedAt: new Date() } });
    await tx.scimToken.create({ data: { tokenHash: tokenHashOf(token), createdByEmail: actor.user.email } });
    await audit({ actor, action: "scim.token_issue", result: "ok" }, tx);
  });
  return { token };
}

/** The JSON body, counted as it arrives, as the console's routes read theirs. */
export async function scimBody(req: NextRequest): Promise<unknown> {
  const text = await readCapped(req.body, BODY_LIMITS.json, req.headers.get("content-length"));
  try {
    const parsed: unknown = JSON.parse(text);
    assertStorable(parsed);
    return parsed;
  } catch {
    throw new ScimFailure(400, "The request body is not valid JSON.", "invalidSyntax");
  }
}

type Handler = (req: NextRequest, params: Record<string, string>) => Promise<Response>;

/** A SCIM handler: the token first, then the work; every throw becomes SCIM's error body. */
export function scim(handler: Handler, { open = false } = {}) {
  return async (req: NextRequest, context: { params: Promise<Record<string, string>> }): Promise<Response> => {
    try {
      if (!open && !(await bearerValid(req.headers.get("authorization"))))
        return failure(401, "A valid provisioning token is required (Authorization: Bearer …).");
      return await handler(req, await context.params);
    } catch (error) {
      if (error instanceof ScimFailure) return failure(error.status, error.message, error.scimType);
      if (error instanceof BodyTooLarge) return failure(413, error.message);
      if (error instanceof DomainError) return failure(400, error.message, "invalidValue");
      log.error({ err: error }, "[scim] unhandled error");
      return failure(500, "Something went wrong on our side. It has been logged.");
    }
  };
}

/** The one filter the console answers. */
export function eqFilter(query: URLSearchParams, attribute: string): string | undefined {
  const filter = query.get("filter");
  if (!filter) return undefined;
  const m = new RegExp(`^\\s*${attribute}\\s+eq\\s+"([^"]*)"\\s*$`, "i").exec(filter);
  if (!m) throw new ScimFailure(400, `Only the filter ${attribute} eq "…" is supported.`, "invalidFilter");
  return m[1]!;
}
