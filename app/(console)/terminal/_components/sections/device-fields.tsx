"use client";

import { useFormContext } from "react-hook-form";
import { TextInput } from "@/components/form/inputs";
import { redirectStyle } from "@/lib/charges/sections";
import { useTranslations } from "@/lib/platform/i18n/client";
import { useApiName } from "./api-names";

/** payment.client (redirect-style methods only), ext.device and ext.client. */
export function DeviceFields() {
  const t = useTranslations("terminal.fields");
  const { register, watch } = useFormContext();
  const api = useApiName();
  const clientField = api("payment.client");
  const method = String(watch("method") ?? "");
  return (
    <div className="space-y-4">
      {redirectStyle(method) && (
        <fieldset data-field="clients">
          <legend className="text-sm font-medium text-slate-700">{t("clients")}</legend>
          <div className="mt-1 flex gap-4 text-sm">
            <label className="flex items-center gap-2">
              <input type="checkbox" value="desktop" {...register("clients")} /> {t("clientDesktop")}
            </label>
            <label className="flex items-center gap-2">
              <input type="checkbox" value="mobile_browser" {...register("clients")} /> {t("clientMobile")}
            </label>
          </div>
          {clientField && <p className="mt-1 text-xs text-slate-500">{clientField}</p>}
        </fieldset>
      )}
      <div className="grid gap-4 sm:grid-cols-3">
        <TextInput name="device.id" label={t("deviceId")} hint={api("ext.device.id")} />
        <TextInput name="device.ip" label={t("deviceIp")} placeholder="203.0.113.9" hint={api("ext.device.ip")} />
        <TextInput name="device.fingerprint" label={t("deviceFingerprint")} hint={api("ext.device.fingerprint")} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput name="clientApp.app" label={t("clientApp")} hint={api("ext.client.app")} />
        <TextInput name="clientApp.version" label={t("clientVersion")} hint={api("ext.client.version")} />
      </div>
    </div>
  );
}
