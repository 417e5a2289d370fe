"use client";

import dynamic from "next/dynamic";
import type { ComponentType } from "react";
import { useFormContext } from "react-hook-form";
import { problemsOf } from "@/components/form/form-summary";
import { FormLoading } from "@/components/form/lazy";
import { SECTIONS, type Section as Name, sectionOf, sectionRequired, sectionUsable } from "@/lib/charges/sections";
import { useTranslations } from "@/lib/platform/i18n/client";
import { FormSection } from "@/components/form/form-section";
import { useOpenSections } from "./use-open-sections";
import { ApiNames } from "./api-names";

// Everything past the first screen, in named sections, each loaded when first opened (the page's
// first load stays what it was). A section the method cannot use is not shown (and sends
// nothing: charge-values.ts); one the method needs is open; one holding a problem opens. The
// spec's names of the fields show only while the person's "Show API names" switch is on.

const BODIES: Record<Name, ComponentType> = {
  customer: dynamic(() => import("./customer-fields").then((m) => m.CustomerFields), {
    loading: FormLoading,
    ssr: false,
  }),
  billing: dynamic(() => import("./billing-fields").then((m) => m.BillingFields), { loading: FormLoading, ssr: false }),
  shipping: dynamic(() => import("./shipping-fields").then((m) => m.ShippingFields), {
    loading: FormLoading,
    ssr: false,
  }),
  items: dynamic(() => import("./items-fields").then((m) => m.ItemsFields), { loading: FormLoading, ssr: false }),
  installments: dynamic(() => import("./installments-fields").then((m) => m.InstallmentsFields), {
    loading: FormLoading,
    ssr: false,
  }),
  urls: dynamic(() => import("./urls-fields").then((m) => m.UrlsFields), { loading: FormLoading, ssr: false }),
  device: dynamic(() => import("./device-fields").then((m) => m.DeviceFields), { loading: FormLoading, ssr: false }),
  threeDs: dynamic(() => import("./three-ds-fields").then((m) => m.ThreeDsFields), {
    loading: FormLoading,
    ssr: false,
  }),
  advanced: dynamic(() => import("./advanced-fields").then((m) => m.AdvancedFields), {
    loading: FormLoading,
    ssr: false,
  }),
};

export function ChargeSections({ userId }: { userId: string }) {
  const t = useTranslations("terminal.sections");
  const {
    watch,
    formState: { errors },
  } = useFormContext();
  const method = String(watch("method") ?? "");
  const [open, toggle] = useOpenSections(userId);
  const withProblems = new Set(problemsOf(errors).map((p) => sectionOf(p.name)));
  const apiNames = !!open.apiNames;
  return (
    <div className="space-y-3">
      <label className="flex items-center justify-end gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          role="switch"
          aria-checked={apiNames}
          checked={apiNames}
          onChange={(e) => toggle("apiNames", e.target.checked)}
          data-testid="api-names"
        />
        {t("apiNames")}
      </label>
      <ApiNames.Provider value={apiNames}>
        {SECTIONS.filter((s) => sectionUsable(s, method)).map((s) => {
          const required = sectionRequired(s, method);
          const isOpen = required || withProblems.has(s) || !!open[s];
          const Body = BODIES[s];
          return (
            <FormSection
              key={s}
              testId={`section-${s}`}
              title={t(`${s}.title`)}
              hint={apiNames ? t(`${s}.hint`) : undefined}
              open={isOpen}
              badge={required ? t("required") : undefined}
              onToggle={(now) => toggle(s, now)}
            >
              <Body />
            </FormSection>
          );
        })}
      </ApiNames.Provider>
    </div>
  );
}
