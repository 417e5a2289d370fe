"use client";

import dynamic from "next/dynamic";
import { FormLoading } from "@/components/form/lazy";

// The confirmation form after the page's first load (components/form/lazy.tsx says why).
export const ConfirmPanel = dynamic(() => import("./confirm-panel").then((m) => m.ConfirmPanel), {
  ssr: false,
  loading: () => <FormLoading />,
});
