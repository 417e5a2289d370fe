import { parseAsStringLiteral } from "nuqs/server";
import { defineList } from "@/lib/platform/api/list-state";
import { parseAsCursor, parseAsSearchText } from "@/lib/platform/api/url-parsers";
import type { z } from "zod";
import type { vaultListSchema } from "./answers";

export const TOKEN_STATUSES = ["active", "deleted"] as const;
export const vaultSearchParams = {
  q: parseAsSearchText(128),
  status: parseAsStringLiteral(TOKEN_STATUSES),
  brand: parseAsSearchText(32),
  cursor: parseAsCursor(),
};
export const VAULT_PAGE = 100;

export type VaultPage = z.output<typeof vaultListSchema>;

export const vaultList = defineList<typeof vaultSearchParams, VaultPage>(vaultSearchParams, {
  page: "vault",
  api: "/api/vault",
  fixed: { limit: String(VAULT_PAGE) },
});
