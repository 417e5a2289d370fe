import { isPermission, type Permission } from "@/lib/platform/auth/permissions";

/** A member of staff: who did something, as services and the audit log name them; `role` is the key of their role's row, `permissions` what it holds. */
export type StaffUser = { id: string; email: string; name: string; role: string; permissions: readonly Permission[] };

/** Who acts, and from where: audit rows take their address and request id from it, never from headers. */
export type Actor<U extends StaffUser | null = StaffUser> = {
  user: U;
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
};

/** An actor with no API request behind it (a script, the sign-in form, a test): nothing is known of where it came from unless given. */
export const actorFor = <U extends StaffUser | null>(user: U, from: Partial<Omit<Actor, "user">> = {}): Actor<U> => ({
  user,
  ip: from.ip ?? null,
  userAgent: from.userAgent ?? null,
  requestId: from.requestId ?? null,
});

/** A Prisma select of a user as a StaffUser: the person and what their role holds. */
export const STAFF_SELECT = {
  id: true,
  email: true,
  name: true,
  role: true,
  staffRole: { select: { permissions: true } },
} as const;

type StaffRow = { id: string; email: string; name: string; role: string; staffRole: { permissions: string[] } };

export const toStaff = ({ id, email, name, role, staffRole }: StaffRow): StaffUser => ({
  id,
  email,
  name,
  role,
  permissions: staffRole.permissions.filter(isPermission),
});
