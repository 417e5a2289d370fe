import { parseAsStringLiteral } from "nuqs/server";
import type { z } from "zod";
import { defineList } from "@/lib/platform/api/list-state";
import { parseAsSearchText } from "@/lib/platform/api/url-parsers";
import { ROLES } from "@/lib/platform/auth/roles";
import type { userListSchema } from "./answers";

export const USER_STATUSES = ["active", "disabled"] as const;
export const userSearchParams = {
  q: parseAsSearchText(128),
  role: parseAsStringLiteral(ROLES),
  status: parseAsStringLiteral(USER_STATUSES),
};
export const userList = defineList<typeof userSearchParams, z.output<typeof userListSchema>>(userSearchParams, {
  page: "users",
  api: "/api/users",
});
