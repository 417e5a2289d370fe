import "server-only";
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { scimPatch, type ScimPatchOperation } from "scim-patch";
import { db } from "@/lib/platform/db";
import { audit } from "@/lib/platform/audit/log";
import { hashPassword } from "@/lib/platform/auth/password";
import { NO_ACCESS } from "@/lib/platform/auth/permissions";
import { Prisma } from "@/lib/generated/prisma/client";
import { changeAccess } from "./access";
import { eqFilter, ScimFailure, URN } from "./protocol";

const fields = {
  id: true,
  email: true,
  name: true,
  role: true,
  disabled: true,
  externalId: true,
  createdAt: true,
  updatedAt: true,
  staffRole: { select: { name: true } },
} as const;
type Row = Prisma.UserGetPayload<{ select: typeof fields }>;

export const usersUrl = (base: string) => `${base}/scim/v2/Users`;

export function toScimUser(u: Row, base: string) {
  return {
    schemas: [URN.user],
    id: u.id,
    ...(u.externalId ? { externalId: u.externalId } : {}),
    userName: u.email,
    name: { formatted: u.name },
    displayName: u.name,
    emails: [{ value: u.email, type: "work", primary: true }],
    active: !u.disabled,
    groups: u.role === NO_ACCESS ? [] : [{ value: u.role, display: u.staffRole.name }],
    meta: {
      resourceType: "User",
      created: u.createdAt.toISOString(),
      lastModified: u.updatedAt.toISOString(),
      location: `${usersUrl(base)}/${u.id}`,
    },
  };
}
export type ScimUser = ReturnType<typeof toScimUser>;

const userSchema = z.object({
  userName: z.email().trim().toLowerCase().max(254),
  externalId: z.string().max(256).optional(),
  displayName: z.string().trim().max(120).optional(),
  name: z
    .object({
      formatted: z.string().max(120).optional(),
      givenName: z.string().max(60).optional(),
      familyName: z.string().max(60).optional(),
    })
    .optional(),
  active: z
    .union([z.boolean(), z.enum(["True", "False", "true", "false"]).transform((v) => v.toLowerCase() === "true")])
    .default(true),
});

function parseUser(body: unknown) {
  const parsed = userSchema.safeParse(body);
  if (!parsed.success) throw new ScimFailure(400, `Invalid user: ${parsed.error.issues[0]?.message}`, "invalidValue");
  const u = parsed.data;
  const name =
    u.displayName ||
    u.name?.formatted ||
    [u.name?.givenName, u.name?.familyName].filter(Boolean).join(" ") ||
    u.userName;
  return { email: u.userName, name: name.trim(), externalId: u.externalId ?? null, active: u.active };
}

const live = (id: string) => ({ id, deprovisionedAt: null });

async function rowOrThrow(id: string) {
  if (!z.uuid().safeParse(id).success) throw new ScimFailure(404, `No user ${id}.`);
  const row = await db.user.findFirst({ where: live(id), select: fields });
  if (!row) throw new ScimFailure(404, `No user ${id}.`);
  return row;
}

const taken = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002"
    ? new ScimFailure(409, "A user with this userName or externalId already exists.", "uniqueness")
    : error;

export async function createScimUser(body: unknown, base: string) {
  const u = parseUser(body);
  const passwordHash = await hashPassword(randomBytes(24).toString("base64url"));
  try {
    const row = await db.$transaction(async (tx) => {
      const created = await tx.user.create({
        data: {
          email: u.email,
          name: u.name,
          externalId: u.externalId,
          role: NO_ACCESS,
          passwordHash,
          disabled: !u.active,
        },
        select: fields,
      });
      await audit(
        {
          actor: null,
          action: "scim.user_create",
          result: "ok",
          targetType: "user",
          targetId: created.id,
          detail: { email: u.email },
        },
        tx,
      );
      return created;
    });
    return toScimUser(row, base);
  } catch (error) {
    throw taken(error);
  }
}

export const getScimUser = async (id: string, base: string) => toScimUser(await rowOrThrow(id), base);

/** `filter=userName eq "…"` (userName compares case-insensitively, RFC 7643 §4.1.1), 1-based paging. */
export async function listScimUsers(query: URLSearchParams, base: string) {
  const email = eqFilter(query, "userName")?.toLowerCase();
  const startIndex = Math.max(1, Number.parseInt(query.get("startIndex") ?? "1", 10) || 1);
  const count = Math.min(200, Math.max(0, Number.parseInt(query.get("count") ?? "100", 10) || 0));
  const where = { deprovisionedAt: null, ...(email !== undefined ? { email } : {}) };
  const [total, rows] = await Promise.all([
    db.user.count({ where }),
    db.user.findMany({
      where,
      select: fields,
      // People created in the same instant (a bulk import) in one order on every page: none twice, none lost.
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      skip: startIndex - 1,
      take: count,
    }),
  ]);
  return {
    schemas: [URN.list],
    totalResults: total,
    startIndex,
    itemsPerPage: rows.length,
    Resources: rows.map((r) => toScimUser(r, base)),
  };
}

async function write(id: string, u: ReturnType<typeof parseUser>, base: string) {
  try {
    await db.$transaction(async (tx) => {
      await tx.user.update({ where: { id }, data: { email: u.email, name: u.name, externalId: u.externalId } });
      await changeAccess(id, { disabled: !u.active }, tx);
    });
  } catch (error) {
    throw taken(error);
  }
  return getScimUser(id, base);
}

export async function replaceScimUser(id: string, body: unknown, base: string) {
  await rowOrThrow(id);
  return write(id, parseUser(body), base);
}

const patchSchema = z.object({
  schemas: z.array(z.string()).refine((s) => s.includes(URN.patch), "schemas must name the PatchOp message"),
  Operations: z.array(z.object({ op: z.string(), path: z.string().optional(), value: z.unknown().optional() })).min(1),
});

/** PATCH per RFC 7644 §3.5.2: the operations applied to the resource as it is, then written whole. */
export function patched<T extends { schemas: string[] }>(resource: T, body: unknown): T {
  const parsed = patchSchema.safeParse(body);
  if (!parsed.success)
    throw new ScimFailure(400, `Invalid PatchOp: ${parsed.error.issues[0]?.message}`, "invalidSyntax");
  const operations = parsed.data.Operations.map((o) => ({ ...o, op: o.op.toLowerCase() })) as ScimPatchOperation[];
  try {
    return scimPatch(structuredClone(resource) as never, operations, {
      mutateDocument: false,
      treatMissingAsAdd: true,
    }) as T;
  } catch (error) {
    const scimType = (error as { scimType?: string }).scimType === "noTarget" ? "noTarget" : "invalidValue";
    throw new ScimFailure(400, error instanceof Error ? error.message : "Invalid PatchOp.", scimType);
  }
}

export async function patchScimUser(id: string, body: unknown, base: string) {
  const current = await getScimUser(id, base);
  const next = patched(current, body);
  const name =
    next.displayName !== current.displayName
      ? next.displayName
      : next.name?.formatted !== current.name.formatted
        ? next.name.formatted
        : undefined;
  return write(id, parseUser({ ...next, displayName: name ?? current.displayName, name: undefined }), base);
}

/** DELETE: the person's access ends at once and the resource is gone for SCIM (404 after). */
export async function deleteScimUser(id: string) {
  await rowOrThrow(id);
  await db.$transaction(async (tx) => {
    await changeAccess(id, { disabled: true }, tx);
    await tx.user.update({ where: { id }, data: { deprovisionedAt: new Date(), externalId: null } });
    await audit({ actor: null, action: "scim.user_delete", result: "ok", targetType: "user", targetId: id }, tx);
  });
}
