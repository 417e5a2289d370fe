"use client";

import dynamic from "next/dynamic";
import { FormLoading } from "@/components/form/lazy";

// The new-link form after the page's first load (components/form/lazy.tsx says why).
export const PaymentLinkForm = dynamic(() => import("./payment-link-form").then((m) => m.PaymentLinkForm), {
  ssr: false,
  loading: () => <FormLoading />,
});
