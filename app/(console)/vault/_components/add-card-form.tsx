"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useIntent } from "@/components/form/use-intent";
import { vaultList } from "@/lib/vault/search-params";
import { useState } from "react";
import { apiFetch } from "@/lib/platform/api/client";
import type { VaultAddInput } from "@/lib/vault/schemas";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { TextInput } from "@/components/form/inputs";
import { FORM_SECTION_GRID, FormSection } from "@/components/form/form-section";
import { AddressFields } from "@/components/form/address-fields";
import { ConsumerFields } from "./consumer-fields";
import { VAULT_ADD_PARTS } from "@/lib/vault/add-body";
import { FormSummary } from "@/components/form/form-summary";
import { applyServerErrors, KitForm, useKitForm } from "@/components/form/kit-form";
import { useTranslations } from "@/lib/platform/i18n/client";
import { Card, CardTitle } from "@/components/ui/card";
import type { AddCardValues } from "./add-card-values";

const NO_ADDRESS = { street: "", street2: "", city: "", state: "", country: "", zip: "" };
const EMPTY: AddCardValues = {
  reference: "",
  card: { pan: "", expiry: "", cvv: "", firstName: "", lastName: "" },
  billingAddress: NO_ADDRESS,
  consumer: { reference: "", email: "", phone: "", firstName: "", lastName: "", shippingAddress: NO_ADDRESS },
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
  // The consumer's names are the card holder's until a person types their own (shown, and sent).
  const [namesFollow, setNamesFollow] = useState(true);
  const holderNames = (follow = namesFollow) => {
    if (!follow) return;
    const { firstName, lastName } = form.getValues("card");
    form.setValue("consumer.firstName", firstName);
    form.setValue("consumer.lastName", lastName);
  };
  const consumerName = [form.watch("consumer.firstName"), form.watch("consumer.lastName")]
    .map((n) => n.trim())
    .filter(Boolean)
    .join(" ");
  // One Idempotency-Key per intent, kept while the outcome may be unknown: a retry is the same card.
  const add = useIntent({
    send: (body: VaultAddInput, key) =>
      apiFetch<{ token: { token: string; panMasked: string | null } }>("/api/vault", {
        method: "POST",
        json: body,
        headers: { "Idempotency-Key": key },
      }),
    onSuccess: ({ token }) => {
      setResult({
        tone: "success",
        text: token.panMasked
          ? t("stored", { card: token.panMasked, token: token.token })
          : t("storedCard", { token: token.token }),
      });
      form.reset(EMPTY);
      setNamesFollow(true);
      setOpen(false);
      void client.invalidateQueries({ queryKey: vaultList.key });
    },
    onError: (e) => {
      const left = applyServerErrors(form, e);
      setResult(left.length ? { tone: "error", text: left.join(" ") } : null);
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
          onValid={add.submit}
          className="mt-3 grid gap-3 sm:grid-cols-3"
          autoComplete="off"
          data-testid="add-card-form"
        >
          <TextInput name="card.pan" id="vault-pan" label={t("pan")} inputMode="numeric" autoComplete="off" />
          <TextInput name="card.expiry" id="vault-expiry" label={t("expiry")} placeholder="MM/YY" />
          <TextInput name="card.cvv" id="vault-cvv" label={t("cvv")} type="password" inputMode="numeric" />
          <TextInput name="card.firstName" id="vault-first" label={t("firstName")} onChange={() => holderNames()} />
          <TextInput name="card.lastName" id="vault-last" label={t("lastName")} onChange={() => holderNames()} />
          <TextInput
            name="reference"
            id="vault-reference"
            label={t("reference")}
            placeholder={t("referencePlaceholder")}
          />
          <FormSection
            keepMounted
            className="col-span-full"
            bodyClassName={FORM_SECTION_GRID}
            title={t("billingSection")}
            hint={VAULT_ADD_PARTS.billing}
            fields={["billingAddress"]}
            testId="vault-billing"
          >
            <AddressFields at="billingAddress" idPrefix="bill" streetLabel={t("street")} />
          </FormSection>
          <FormSection
            keepMounted
            className="col-span-full"
            bodyClassName={FORM_SECTION_GRID}
            title={consumerName ? t("consumerSectionNamed", { name: consumerName }) : t("consumerSection")}
            hint={VAULT_ADD_PARTS.consumer}
            fields={[
              "consumer.reference",
              "consumer.email",
              "consumer.phone",
              "consumer.firstName",
              "consumer.lastName",
            ]}
            testId="vault-consumer"
          >
            <ConsumerFields
              follow={namesFollow}
              onOwnNames={() => setNamesFollow(false)}
              onFollow={() => {
                setNamesFollow(true);
                holderNames(true);
              }}
            />
          </FormSection>
          <FormSection
            keepMounted
            className="col-span-full"
            bodyClassName={FORM_SECTION_GRID}
            title={t("shippingSection")}
            hint={VAULT_ADD_PARTS.shipping}
            fields={["consumer.shippingAddress"]}
            testId="vault-shipping"
          >
            <AddressFields at="consumer.shippingAddress" idPrefix="ship" streetLabel={t("shippingStreet")} />
          </FormSection>
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
