"use client";

import dynamic from "next/dynamic";
import { FormLoading } from "@/components/form/lazy";

// The import-by-id form after the page's first load (components/form/lazy.tsx says why).
export const ImportForm = dynamic(() => import("./import-form").then((m) => m.ImportForm), {
  ssr: false,
  loading: () => <FormLoading />,
});
