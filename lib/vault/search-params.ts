import { parseAsStringLiteral } from "nuqs/server";
import { listQueryOptions } from "@/lib/platform/api/list-query";
import { listPage } from "@/lib/platform/pages";
import { defineListState } from "@/lib/platform/api/list-state";
import { parseAsCursor, parseAsSearchText } from "@/lib/platform/api/url-parsers";

// The vault list's URL state, defined once (lib/platform/api/list-state.ts).
export const TOKEN_STATUSES = ["active", "deleted"] as const;
export const vaultSearchParams = {
  q: parseAsSearchText(128),
  status: parseAsStringLiteral(TOKEN_STATUSES),
  brand: parseAsSearchText(32),
  cursor: parseAsCursor(),
};
export const vaultList = defineListState(vaultSearchParams, listPage("vault"));

export const VAULT_PAGE = 100;

export type VaultPage<T> = {
  tokens: T[];
  nextCursor: string | null;
  older: boolean;
  brands: string[];
  syncError: string | null;
  syncErrorKey: string | null;
};

export const vaultListOptions = <T>(search: string) =>
  listQueryOptions<VaultPage<T>>("vault", "/api/vault", search, { limit: String(VAULT_PAGE) });
