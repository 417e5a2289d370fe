"use client";

import dynamic from "next/dynamic";
import { FormLoading } from "@/components/form/lazy";

// The bulk upload (a file, its preview, its report) after the page's first load (components/form/lazy.tsx says why).
export const BulkUpload = dynamic(() => import("./bulk-upload").then((m) => m.BulkUpload), {
  ssr: false,
  loading: () => <FormLoading />,
});
