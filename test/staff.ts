import type { StaffUser } from "@/lib/platform/auth/actor";
import { isPreset, ROLE_PERMISSIONS, type Grants } from "@/lib/platform/auth/permissions";

/** A test's member of staff of a preset role, holding what that preset's row holds (lib/roles keeps them equal). */
export const staffOf = <U extends Omit<StaffUser, "permissions">>(u: U): U & StaffUser => ({
  ...u,
  permissions: isPreset(u.role) ? ROLE_PERMISSIONS[u.role] : [],
});

/** What a preset role holds, for a test that names the role. */
export const presetOf = (role: string): Grants => ({ permissions: isPreset(role) ? ROLE_PERMISSIONS[role] : [] });

/** A test's member of staff as a users row to write: what the role holds lives on the role's row. */
export const userRowOf = <U extends StaffUser>({ permissions: _, ...row }: U): Omit<U, "permissions"> => row;
