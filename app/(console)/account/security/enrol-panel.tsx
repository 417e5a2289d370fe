"use client";

import { QRCodeSVG } from "qrcode.react";
import { useState } from "react";
import { ApiClientError, apiFetch } from "@/lib/platform/api/client";
import { Button } from "@/components/ui/button";
import { TextInput } from "@/components/form/field";
import { applyServerErrors, KitForm, useKitForm } from "@/components/form/kit-form";
import { Notice } from "@/components/ui/notice";
import { RecoveryCodes } from "./recovery-codes";
import { useTranslations } from "@/lib/platform/i18n/client";

type State = { step: "start" } | { step: "scan"; secret: string; uri: string } | { step: "codes"; codes: string[] };

/** Set up → scan the QR code (or type the key) → confirm with a first code → keep the recovery codes. */
export function EnrolPanel() {
  const t = useTranslations("account");
  const [state, setState] = useState<State>({ step: "start" });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(fn: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await fn();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }

  const begin = () =>
    run(async () =>
      setState({
        step: "scan",
        ...(await apiFetch<{ secret: string; uri: string }>("/api/me/mfa/setup", { method: "POST" })),
      }),
    );

  const form = useKitForm<{ code: string }, { code: string }>({
    schema: () => import("@/lib/users/schemas").then((m) => () => m.codeSchema),
    defaultValues: { code: "" },
  });
  const confirm = ({ code }: { code: string }) =>
    run(async () => {
      try {
        const { recoveryCodes } = await apiFetch<{ recoveryCodes: string[] }>("/api/me/mfa/confirm", {
          method: "POST",
          json: { code },
        });
        setState({ step: "codes", codes: recoveryCodes });
      } catch (e) {
        // A problem with the code shows under it; anything else above the form.
        if (e instanceof ApiClientError && e.details?.rule === "wrong_code")
          return form.setError("code", { type: "server", message: e.message });
        const left = applyServerErrors(form, e as Error);
        if (left.length) throw new Error(left.join(" "));
      }
    });

  return (
    <div className="space-y-4">
      {error && (
        <Notice tone="error" testId="mfa-error">
          {error}
        </Notice>
      )}
      {state.step === "start" && (
        <Button onClick={begin} disabled={busy}>
          {busy ? t("enrol.preparing") : t("enrol.start")}
        </Button>
      )}
      {state.step === "scan" && (
        <KitForm form={form} onValid={confirm} className="grid gap-5 sm:grid-cols-[auto_1fr]">
          <div className="rounded-lg border border-slate-200 bg-white p-3" aria-label={t("enrol.qr")} role="img">
            <QRCodeSVG value={state.uri} size={176} />
          </div>
          <div className="space-y-3 text-sm">
            <p>{t("enrol.step1")}</p>
            <p>
              {t("enrol.cantScan")}{" "}
              <code data-testid="mfa-secret" className="break-all rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs">
                {state.secret.replace(/(.{4})/g, "$1 ").trim()}
              </code>
            </p>
            <p>{t("enrol.step2")}</p>
            <TextInput name="code" label={t("enrol.code")} inputMode="numeric" autoComplete="one-time-code" autoFocus />
            <Button type="submit" disabled={busy}>
              {busy ? t("enrol.checking") : t("enrol.turnOn")}
            </Button>
          </div>
        </KitForm>
      )}
      {state.step === "codes" && (
        <div className="space-y-3" data-testid="recovery-codes">
          <Notice tone="success">{t("enrol.done")}</Notice>
          <p className="text-sm text-slate-700">{t("enrol.keepCodes")}</p>
          <RecoveryCodes codes={state.codes} />
          <Button onClick={() => window.location.assign("/")}>{t("enrol.continue")}</Button>
        </div>
      )}
    </div>
  );
}
