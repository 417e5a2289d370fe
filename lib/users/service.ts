import "server-only";
import { db } from "@/lib/db";
import { ApiError } from "@/lib/api/errors";
import { hashPassword } from "@/lib/auth/password";
import { audit } from "@/lib/audit/log";
import type { CurrentUser } from "@/lib/auth/session";
import type { CreateUserInput, UpdateUserInput } from "@/lib/users/schemas";
import { Prisma } from "@/lib/generated/prisma/client";

const publicFields = {
  id: true,
  email: true,
  name: true,
  role: true,
  disabled: true,
  lastSignInAt: true,
  createdAt: true,
} as const;

export function listUsers() {
  return db.user.findMany({ select: publicFields, orderBy: [{ disabled: "asc" }, { email: "asc" }] });
}

export async function createUser(input: CreateUserInput, actor: CurrentUser | null, client?: { ip?: string | null; userAgent?: string | null }) {
  const passwordHash = await hashPassword(input.password);
  try {
    const user = await db.user.create({
      data: { email: input.email, name: input.name, role: input.role, passwordHash },
      select: publicFields,
    });
    await audit({ actor, action: "user.create", result: "ok", targetType: "user", targetId: user.id, detail: { email: user.email, role: user.role }, ...client });
    return user;
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw new ApiError("conflict", `A user with the email ${input.email} already exists.`);
    }
    throw error;
  }
}

/**
 * Changes role, name or the disabled flag. The last active admin can be neither disabled
 * nor demoted; the check runs under a lock on the admin rows so two admins demoting each
 * other at once cannot both succeed.
 */
export async function updateUser(id: string, input: UpdateUserInput, actor: CurrentUser, client?: { ip?: string | null; userAgent?: string | null }) {
  const user = await db.$transaction(async (tx) => {
    const admins = await tx.$queryRaw<{ id: string }[]>`
      SELECT id::text FROM users WHERE role = 'admin' AND NOT disabled ORDER BY id FOR UPDATE`;
    const target = await tx.user.findUnique({ where: { id }, select: publicFields });
    if (!target) throw new ApiError("not_found", "No such user.");
    const losesAdmin =
      target.role === "admin" && !target.disabled && (input.disabled === true || (input.role && input.role !== "admin"));
    if (losesAdmin && admins.length <= 1) {
      throw new ApiError("conflict", "This is the last active admin. Make another user admin first.");
    }
    return tx.user.update({ where: { id }, data: input, select: publicFields });
  });
  await audit({ actor, action: "user.update", result: "ok", targetType: "user", targetId: id, detail: { ...input }, ...client });
  return user;
}
