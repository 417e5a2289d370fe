"use client";

import dynamic from "next/dynamic";
import { FormLoading } from "@/components/form/lazy";

// The capture and refund forms after the page's first load (components/form/lazy.tsx says why).
export const CaptureForm = dynamic(() => import("./operation-forms").then((m) => m.CaptureForm), {
  ssr: false,
  loading: () => <FormLoading />,
});
export const RefundForm = dynamic(() => import("./operation-forms").then((m) => m.RefundForm), {
  ssr: false,
  loading: () => <FormLoading />,
});
