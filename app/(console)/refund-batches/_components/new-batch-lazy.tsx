"use client";

import dynamic from "next/dynamic";
import { FormLoading } from "@/components/form/lazy";

// The new batch's form and preview after the page's first load (components/form/lazy.tsx says why).
export const NewBatch = dynamic(() => import("./new-batch").then((m) => m.NewBatch), {
  ssr: false,
  loading: () => <FormLoading />,
});
