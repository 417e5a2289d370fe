import { parseAsStringLiteral } from "nuqs/server";
import { defineList } from "@/lib/platform/api/list-state";
import { parseAsCursor, parseAsSearchText } from "@/lib/platform/api/url-parsers";
import type { TokenView } from "./service";

export const TOKEN_STATUSES = ["active", "deleted"] as const;
export const vaultSearchParams = {
  q: parseAsSearchText(128),
  status: parseAsStringLiteral(TOKEN_STATUSES),
  brand: parseAsSearchText(32),
  cursor: parseAsCursor(),
};
export const VAULT_PAGE = 100;

export type VaultPage = {
  tokens: TokenView[];
  nextCursor: string | null;
  older: boolean;
  brands: string[];
  syncError: string | null;
  syncErrorKey: string | null;
};

export const vaultList = defineList<typeof vaultSearchParams, VaultPage>(vaultSearchParams, {
  page: "vault",
  api: "/api/vault",
  fixed: { limit: String(VAULT_PAGE) },
});
