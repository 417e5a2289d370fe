"use client";

import { QueryClientProvider } from "@tanstack/react-query";
import { NuqsAdapter } from "nuqs/adapters/next/app";
import { useState } from "react";
import { makeQueryClient } from "@/components/query-client";
import { OutcomeProvider } from "@/components/outcome/outcome-provider";
import { UrlUpdateGuard } from "@/components/data-table/url-updates";

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
