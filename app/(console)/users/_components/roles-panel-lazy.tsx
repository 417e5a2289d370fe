"use client";

import dynamic from "next/dynamic";
import { formLoading } from "@/components/form/lazy";
import { useTranslations } from "@/lib/platform/i18n/client";

function Loading() {
  const t = useTranslations("users");
  return formLoading(t("roles.loading"))();
}

// The roles panel after the page's first load, as the new-user form (components/form/lazy.tsx says why).
export const RolesPanel = dynamic(() => import("./roles-panel").then((m) => m.RolesPanel), {
  ssr: false,
  loading: () => <Loading />,
});
