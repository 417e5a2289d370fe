"use client";

import dynamic from "next/dynamic";
import { FormLoading } from "@/components/form/lazy";

// The add-card form after the page's first load (components/form/lazy.tsx says why).
export const AddCardForm = dynamic(() => import("./add-card-form").then((m) => m.AddCardForm), {
  ssr: false,
  loading: () => <FormLoading />,
});
