"use client";

import { QueryClientProvider } from "@tanstack/react-query";
import { NuqsAdapter } from "nuqs/adapters/next/app";
import { useEffect, useState } from "react";
import { makeQueryClient } from "@/components/query-client";
import { OutcomeProvider } from "@/components/outcome/outcome-provider";
import { UrlUpdateGuard } from "@/components/data-table/url-updates";

export function Providers({ children }: { children: React.ReactNode }) {
  const [client] = useState(makeQueryClient);
  // `data-busy` on <html>: the queries in flight (what a page loads by itself), set once the
  // page is React's. With no `aria-busy` placeholder left, "0" is a page settled as a person is
  // left with it (the end-to-end suite's settled() waits for it rather than for a quiet network).
  // The client's own count, not useIsFetching: no hook code in every page's first load.
  useEffect(() => {
    const mark = () => {
      document.documentElement.dataset.busy = String(client.isFetching());
    };
    mark();
    return client.getQueryCache().subscribe(mark);
  }, [client]);
  return (
    <QueryClientProvider client={client}>
      <NuqsAdapter>
        <UrlUpdateGuard />
        <OutcomeProvider>{children}</OutcomeProvider>
      </NuqsAdapter>
    </QueryClientProvider>
  );
}
