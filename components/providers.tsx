"use client";

import { QueryClientProvider } from "@tanstack/react-query";
import { NuqsAdapter } from "nuqs/adapters/next/app";
import { useState } from "react";
import { makeQueryClient } from "@/components/query-client";
import { OutcomeProvider } from "@/components/outcome/outcome-provider";
import dynamic from "next/dynamic";

// The link guard (url-updates.tsx) after the page: nothing of it in any page's first load.
const UrlUpdateGuard = dynamic(() => import("@/components/data-table/url-updates").then((m) => m.UrlUpdateGuard), {
  ssr: false,
});

export function Providers({ children }: { children: React.ReactNode }) {
  const [client] = useState(makeQueryClient);
  return (
    <QueryClientProvider client={client}>
      <NuqsAdapter>
        <UrlUpdateGuard />
        <OutcomeProvider>{children}</OutcomeProvider>
      </NuqsAdapter>
    </QueryClientProvider>
  );
}
