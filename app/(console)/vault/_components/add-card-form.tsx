"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { listKey } from "@/lib/platform/api/list-query";
import { useRef, useState } from "react";
import { apiFetch, ApiClientError } from "@/lib/platform/api/client";
import type { VaultAddInput } from "@/lib/vault/schemas";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { TextInput } from "@/components/form/inputs";
import { FormSummary } from "@/components/form/form-summary";
import { applyServerErrors, KitForm, useKitForm } from "@/components/form/kit-form";
import { useTranslations } from "@/lib/platform/i18n/client";
import { Card, CardTitle } from "@/components/ui/card";
import type { AddCardValues } from "./add-card-values";

const EMPTY: AddCardValues = {
  reference: "",
  card: { pan: "", expiry: "", cvv: "", firstName: "", lastName: "" },
  billingAddress: { street: "", city: "", state: "", country: "", zip: "" },
  consumer: { reference: "", email: "", phone: "" },
};

/** Card fields go straight to POST /api/vault and on to the payment service; the form is cleared after. */
export function AddCardForm() {
  const t = useTranslations("vault.add");
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const form = useKitForm<AddCardValues, VaultAddInput>({
    schema: () => import("./add-card-schema").then((m) => m.addCardSchema),
    defaultValues: EMPTY,
  });
  // One Idempotency-Key per intent, kept while the outcome may be unknown: a retry is the same card.
  const key = useRef(crypto.randomUUID());
  const add = useMutation({
    mutationFn: (body: VaultAddInput) =>
      apiFetch<{ token: { token: string; panMasked: string | null } }>("/api/vault", {
        method: "POST",
        json: body,
        headers: { "Idempotency-Key": key.current },
      }),
    onSuccess: ({ token }) => {
      key.current = crypto.randomUUID();
      setResult({
        tone: "success",
        text: token.panMasked
          ? t("stored", { card: token.panMasked, token: token.token })
          : t("storedCard", { token: token.token }),
      });
      form.reset(EMPTY);
      setOpen(false);
      void client.invalidateQueries({ queryKey: listKey("vault") });
    },
    onError: (e) => {
      const left = applyServerErrors(form, e);
      setResult(left.length ? { tone: "error", text: left.join(" ") } : null);
      if (!(e instanceof ApiClientError && (e.status === 0 || e.details?.outcome === "unknown")))
        key.current = crypto.randomUUID();
    },
  });

  return (
    <Card>
      <div className="flex items-center justify-between">
        <CardTitle>{t("title")}</CardTitle>
        <Button
          variant="secondary"
          onClick={() => {
            setOpen(!open);
            setResult(null);
          }}
          aria-expanded={open}
        >
          {open ? t("close") : t("open")}
        </Button>
      </div>
      {open && (
        <KitForm
          form={form}
          onValid={(body) => {
            if (!add.isPending) add.mutate(body);
          }}
          className="mt-3 grid gap-3 sm:grid-cols-3"
          autoComplete="off"
          data-testid="add-card-form"
        >
          <TextInput name="card.pan" id="vault-pan" label={t("pan")} inputMode="numeric" autoComplete="off" />
          <TextInput name="card.expiry" id="vault-expiry" label={t("expiry")} placeholder="MM/YY" />
          <TextInput name="card.cvv" id="vault-cvv" label={t("cvv")} type="password" inputMode="numeric" />
          <TextInput name="card.firstName" id="vault-first" label={t("firstName")} />
          <TextInput name="card.lastName" id="vault-last" label={t("lastName")} />
          <TextInput
            name="reference"
            id="vault-reference"
            label={t("reference")}
            placeholder={t("referencePlaceholder")}
          />
          <TextInput name="billingAddress.street" id="bill-street" label={t("street")} />
          <TextInput name="billingAddress.city" id="bill-city" label={t("city")} />
          <TextInput name="billingAddress.state" id="bill-state" label={t("state")} />
          <TextInput name="billingAddress.country" id="bill-country" label={t("country")} maxLength={2} />
          <TextInput name="billingAddress.zip" id="bill-zip" label={t("zip")} />
          <div />
          <TextInput name="consumer.reference" id="consumer-reference" label={t("consumerReference")} />
          <TextInput name="consumer.email" id="consumer-email" label={t("consumerEmail")} type="email" />
          <TextInput name="consumer.phone" id="consumer-phone" label={t("consumerPhone")} />
          <div className="space-y-3 sm:col-span-3">
            <FormSummary />
            <Button type="submit" disabled={add.isPending}>
              {add.isPending ? t("storing") : t("submit")}
            </Button>
          </div>
        </KitForm>
      )}
      {result && (
        <div className="mt-3">
          <Notice tone={result.tone} testId="vault-result">
            {result.text}
          </Notice>
        </div>
      )}
    </Card>
  );
}
