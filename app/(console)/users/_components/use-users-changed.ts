"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { userList } from "@/lib/users/search-params";

/**
 * After a change: the list again through the query cache; the pending-changes panel above it is
 * server-rendered, so a change that waits for a second admin also refreshes the page's data.
 */
export function useUsersChanged() {
  const client = useQueryClient();
  const router = useRouter();
  return (result: { pendingChange?: unknown }) => {
    void client.invalidateQueries({ queryKey: userList.key });
    if (result.pendingChange) router.refresh();
  };
}
