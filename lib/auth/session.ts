import "server-only";
import { getServerSession } from "next-auth";
import { forbidden, redirect } from "next/navigation";
import { headers } from "next/headers";
import { cache } from "react";
import { db } from "@/lib/db";
import { authOptions } from "@/lib/auth/options";
import { can, type Permission, type Role } from "@/lib/auth/permissions";

export type CurrentUser = { id: string; email: string; name: string; role: Role };

/**
 * The signed-in user, read from the database on every request so that a demotion or a
 * disabled flag takes effect at once. Null when anonymous, disabled or deleted.
 */
export const getCurrentUser = cache(async (): Promise<CurrentUser | null> => {
  const session = await getServerSession(authOptions);
  const id = (session?.user as { id?: string } | undefined)?.id;
  if (!id) return null;
  const user = await db.user.findUnique({
    where: { id },
    select: { id: true, email: true, name: true, role: true, disabled: true },
  });
  if (!user || user.disabled) return null;
  return { id: user.id, email: user.email, name: user.name, role: user.role };
});

/** For server components: anonymous → sign-in page; without the permission → 403 page. */
export async function requirePageUser(permission?: Permission): Promise<CurrentUser> {
  const user = await getCurrentUser();
  if (!user) {
    const path = (await headers()).get("x-console-path") ?? "/";
    redirect(`/login?callbackUrl=${encodeURIComponent(path)}`);
  }
  if (permission && !can(user.role, permission)) forbidden();
  return user;
}
