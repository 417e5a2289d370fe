import "server-only";
import { z } from "zod";
import { db } from "@/lib/platform/db";
import { NO_ACCESS } from "@/lib/platform/auth/permissions";
import { changeAccess } from "./access";
import { eqFilter, ScimFailure, URN } from "./protocol";
import { patched } from "./users";

type Role = { key: string; name: string; updatedAt: Date; createdAt: Date };

const groupsUrl = (base: string) => `${base}/scim/v2/Groups`;

async function toGroup(role: Role, base: string) {
  const members = await db.user.findMany({
    where: { role: role.key, deprovisionedAt: null },
    select: { id: true, email: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return {
    schemas: [URN.group],
    id: role.key,
    displayName: role.name,
    members: members.map((m) => ({ value: m.id, display: m.email })),
    meta: {
      resourceType: "Group",
      created: role.createdAt.toISOString(),
      lastModified: role.updatedAt.toISOString(),
      location: `${groupsUrl(base)}/${role.key}`,
    },
  };
}
type Group = Awaited<ReturnType<typeof toGroup>>;

const roleFields = { key: true, name: true, updatedAt: true, createdAt: true } as const;

async function roleOrThrow(id: string) {
  const role = id === NO_ACCESS ? null : await db.staffRole.findUnique({ where: { key: id }, select: roleFields });
  if (!role) throw new ScimFailure(404, `No group ${id}.`);
  return role;
}

export const getGroup = async (id: string, base: string) => toGroup(await roleOrThrow(id), base);

export async function listGroups(query: URLSearchParams, base: string) {
  const name = eqFilter(query, "displayName");
  const roles = await db.staffRole.findMany({
    where: { key: { not: NO_ACCESS }, ...(name !== undefined ? { name: { equals: name, mode: "insensitive" } } : {}) },
    select: roleFields,
    orderBy: { key: "asc" },
  });
  const Resources = await Promise.all(roles.map((r) => toGroup(r, base)));
  return {
    schemas: [URN.list],
    totalResults: Resources.length,
    startIndex: 1,
    itemsPerPage: Resources.length,
    Resources,
  };
}

const membersSchema = z.array(z.object({ value: z.string() })).default([]);

async function setMembers(current: Group, after: unknown, base: string) {
  const parsed = membersSchema.safeParse(after);
  if (!parsed.success) throw new ScimFailure(400, "members must be a list of { value }.", "invalidValue");
  const wanted = new Set(parsed.data.map((m) => m.value));
  const had = new Set(current.members.map((m) => m.value));
  const joining = [...wanted].filter((id) => !had.has(id));
  const leaving = [...had].filter((id) => !wanted.has(id));
  const found = await db.user.count({
    where: { id: { in: joining.filter((id) => z.uuid().safeParse(id).success) }, deprovisionedAt: null },
  });
  if (found !== joining.length) throw new ScimFailure(400, "A member is not a user of this console.", "invalidValue");
  await db.$transaction(async (tx) => {
    for (const id of joining) await changeAccess(id, { role: current.id }, tx);
    for (const id of leaving) await changeAccess(id, { role: NO_ACCESS }, tx);
  });
  return getGroup(current.id, base);
}

export async function replaceGroup(id: string, body: unknown, base: string) {
  const current = await getGroup(id, base);
  return setMembers(current, (body as { members?: unknown } | null)?.members, base);
}

export async function patchGroup(id: string, body: unknown, base: string) {
  const current = await getGroup(id, base);
  return setMembers(current, patched(current, body).members, base);
}

/** POST /Groups: groups are roles, made by an admin in the console; provisioning only joins people to them. */
export async function refuseGroupCreate(): Promise<never> {
  throw new ScimFailure(403, "Groups are the console's roles: an admin makes them on the Users page.");
}
