import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/platform/api/client";

/** A list's query under `[resource]` (what a change invalidates); `fixed`: asked always, no part of the URL or the key. */
export function listQueryOptions<T>(
  resource: string,
  apiPath: string,
  search: string,
  fixed: Record<string, string> = {},
) {
  const query = [search, new URLSearchParams(fixed).toString()].filter(Boolean).join("&");
  return queryOptions({
    queryKey: [resource, "list", search],
    queryFn: () => apiFetch<T>(`${apiPath}${query ? `?${query}` : ""}`),
    staleTime: 10_000,
  });
}
