import { route } from "@/lib/api/route";
import { ROLE_PERMISSIONS } from "@/lib/auth/permissions";

export const GET = route({ permission: "signed-in" }, async ({ user }) => ({
  user: { ...user, permissions: ROLE_PERMISSIONS[user.role] },
}));
