"use client";

import { useEffect, useState } from "react";
import { useFormContext } from "react-hook-form";
import type { CreateChargeInput } from "@/lib/charges/schemas";
import { useTranslations } from "@/lib/platform/i18n/client";
import { Button } from "@/components/ui/button";
import type { ChargeValues } from "./charge-values";

// "Show request": the JSON the console will send to POST /v1/charges, from the form as it stands,
// built by the server's own builder (lib/charges/request.ts) on the form's own schema — the card
// number masked to its last four, the CVV never shown. Any change to the form hides it (stale).

export function RequestPreview({ ipn }: { ipn?: string }) {
  const t = useTranslations("terminal.preview");
  const { getValues, trigger, watch } = useFormContext<ChargeValues>();
  const [shown, setShown] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    const sub = watch(() => setShown(null));
    return () => sub.unsubscribe();
  }, [watch]);
  const show = async () => {
    const values = getValues();
    const [{ chargeSchema }, { chargeRequest, maskedRequest }] = await Promise.all([
      import("./charge-schema"),
      import("@/lib/charges/request"),
    ]);
    const parsed = chargeSchema(values).safeParse(values);
    if (!parsed.success) {
      setShown(null);
      setInvalid(true);
      await trigger();
      return;
    }
    setInvalid(false);
    const body = parsed.data as CreateChargeInput;
    const request = chargeRequest(body, body.reference ?? `‹${t("referenceLater")}›`, ipn);
    setShown(JSON.stringify(maskedRequest(request), null, 2));
  };
  return (
    <div className="space-y-2">
      <Button
        type="button"
        variant="secondary"
        aria-expanded={shown !== null}
        onClick={() => (shown ? setShown(null) : show())}
      >
        {shown ? t("hide") : t("show")}
      </Button>
      {invalid && <p className="text-sm text-red-700">{t("invalid")}</p>}
      {shown && (
        <figure className="rounded-lg border border-slate-200 bg-slate-50 p-3" data-testid="request-preview">
          <figcaption className="text-xs text-slate-600">{t("caption")}</figcaption>
          <pre className="mt-2 max-h-96 overflow-auto text-xs">{shown}</pre>
        </figure>
      )}
    </div>
  );
}
