"use client";

import { CreateUserForm } from "./create-user-form";
import { type RoleView, RolesPanel } from "./roles-panel";
import { ScimToken } from "./scim-token";
import type { RoleOption } from "./users-columns";

/** The page's forms: a new user, the roles, the provisioning token — one chunk after the first load. */
export function AdminForms({ roles, roleViews }: { roles: RoleOption[]; roleViews: RoleView[] }) {
  return (
    <>
      <CreateUserForm roles={roles} />
      <RolesPanel roles={roleViews} />
      <ScimToken />
    </>
  );
}
