"use client";

import dynamic from "next/dynamic";
import { formLoading } from "@/components/form/lazy";

// The new-user form after the page's first load (components/form/lazy.tsx says why).
export const CreateUserForm = dynamic(() => import("./create-user-form").then((m) => m.CreateUserForm), {
  ssr: false,
  loading: formLoading("Loading the new-user form…"),
});
