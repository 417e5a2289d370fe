"use client";

import dynamic from "next/dynamic";
import { formLoading } from "@/components/form/lazy";
import { useTranslations } from "@/lib/platform/i18n/client";

function Loading() {
  const t = useTranslations("users");
  return formLoading(t("form.loading"))();
}

// The new-user form, the roles and the provisioning token after the page's first load
// (components/form/lazy.tsx says why).
export const AdminForms = dynamic(() => import("./admin-forms").then((m) => m.AdminForms), {
  ssr: false,
  loading: () => <Loading />,
});
