"use client";

import dynamic from "next/dynamic";
import { formLoading } from "@/components/form/lazy";

// The decision form after the page's first load (components/form/lazy.tsx says why).
export const DecisionForm = dynamic(() => import("./decision-form").then((m) => m.DecisionForm), {
  ssr: false,
  loading: formLoading("Loading the decision form…"),
});
