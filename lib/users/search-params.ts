import { parseAsStringLiteral } from "nuqs/server";
import { listQueryOptions } from "@/lib/platform/api/list-query";
import { listPage } from "@/lib/platform/pages";
import { defineListState } from "@/lib/platform/api/list-state";
import { parseAsSearchText } from "@/lib/platform/api/url-parsers";
import { ROLES } from "@/lib/platform/auth/roles";

// The users list's URL state, defined once (lib/platform/api/list-state.ts).
export const USER_STATUSES = ["active", "disabled"] as const;
export const userSearchParams = {
  q: parseAsSearchText(128),
  role: parseAsStringLiteral(ROLES),
  status: parseAsStringLiteral(USER_STATUSES),
};
export const userList = defineListState(userSearchParams, listPage("users"));

export const userListOptions = <T>(search: string) => listQueryOptions<{ users: T[] }>("users", "/api/users", search);
