import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/platform/api/client";

/** The query key prefix a mutation invalidates: every page, filter and summary of the resource. */
export const listKey = (resource: string) => [resource] as const;

/** `fixed`: what the page always asks of the route (its page size), no part of the URL or the key. */
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
