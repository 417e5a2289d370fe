"use client";

import dynamic from "next/dynamic";
import { formLoading } from "@/components/form/lazy";
import { useTranslations } from "@/lib/platform/i18n/client";

function Loading() {
  const t = useTranslations("users");
  return formLoading(t("form.loading"))();
}

// The new-user form after the page's first load (components/form/lazy.tsx says why).
export const CreateUserForm = dynamic(() => import("./create-user-form").then((m) => m.CreateUserForm), {
  ssr: false,
  loading: () => <Loading />,
});
