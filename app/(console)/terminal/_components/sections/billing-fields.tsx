"use client";

import { AddressFields } from "@/components/form/address-fields";

export function BillingFields() {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <AddressFields at="billingAddress" />
    </div>
  );
}
