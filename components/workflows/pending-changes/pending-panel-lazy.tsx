"use client";

import dynamic from "next/dynamic";
import { FormLoading } from "@/components/form/lazy";

// The waiting changes after the page's first load (components/form/lazy.tsx says why): their
// decisions, step-up and lines in the reader's words kept /users under the 190 KiB budget.
export const PendingPanel = dynamic(() => import("./pending-panel").then((m) => m.PendingPanel), {
  ssr: false,
  loading: () => <FormLoading />,
});
