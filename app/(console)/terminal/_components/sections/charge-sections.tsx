"use client";

import dynamic from "next/dynamic";
import type { ComponentType } from "react";
import { useFormContext } from "react-hook-form";
import { problemsOf } from "@/components/form/form-summary";
import { FormLoading } from "@/components/form/lazy";
import { SECTIONS, type Section as Name, sectionOf, sectionRequired, sectionUsable } from "@/lib/charges/sections";
import { useTranslations } from "@/lib/platform/i18n/client";
import { Section } from "./section";
import { useOpenSections } from "./use-open-sections";

// Everything past the first screen, in named sections, each loaded when first opened (the page's
// first load stays what it was). A section the method cannot use is not shown (and sends
// nothing: charge-values.ts); one the method needs is open; one holding a problem opens.

const loading = { loading: FormLoading, ssr: false };
const BODIES: Record<Name, ComponentType> = {
  customer: dynamic(() => import("./customer-fields").then((m) => m.CustomerFields), loading),
  billing: dynamic(() => import("./billing-fields").then((m) => m.BillingFields), loading),
  shipping: dynamic(() => import("./shipping-fields").then((m) => m.ShippingFields), loading),
  items: dynamic(() => import("./items-fields").then((m) => m.ItemsFields), loading),
  urls: dynamic(() => import("./urls-fields").then((m) => m.UrlsFields), loading),
  device: dynamic(() => import("./device-fields").then((m) => m.DeviceFields), loading),
  threeDs: dynamic(() => import("./three-ds-fields").then((m) => m.ThreeDsFields), loading),
  advanced: dynamic(() => import("./advanced-fields").then((m) => m.AdvancedFields), loading),
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
  return (
    <div className="space-y-3">
      {SECTIONS.filter((s) => sectionUsable(s, method)).map((s) => {
        const required = sectionRequired(s, method);
        const isOpen = required || withProblems.has(s) || !!open[s];
        const Body = BODIES[s];
        return (
          <Section
            key={s}
            id={s}
            title={t(`${s}.title`)}
            hint={t(`${s}.hint`)}
            open={isOpen}
            required={required}
            onToggle={() => toggle(s, !isOpen)}
          >
            <Body />
          </Section>
        );
      })}
    </div>
  );
}
