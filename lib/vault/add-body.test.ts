import { keyed } from "@/lib/platform/keyed";
import { describe, expect, it } from "vitest";
import { addCardBody } from "@/app/(console)/vault/_components/add-card-schema";
import type { AddCardValues } from "@/app/(console)/vault/_components/add-card-values";
import { vaultAddSchema } from "./schemas";
import { consumerNameOf, vaultAddBody } from "./add-body";

// Vault add as the spec shapes it: payment.billing_address with street2, consumer with its own
// names and shipping_address. From the form's values to the body the service receives.

const NO_ADDRESS = { street: "", street2: "", city: "", state: "", country: "", zip: "" };
const values = (o: Partial<AddCardValues["consumer"]> = {}, billing = NO_ADDRESS): AddCardValues => ({
  reference: " vt-1 ",
  card: { pan: "4111111111111111", expiry: "12/30", cvv: "123", firstName: "Ana", lastName: "Lee" },
  billingAddress: billing,
  consumer: { reference: "", email: "", phone: "", firstName: "", lastName: "", shippingAddress: NO_ADDRESS, ...o },
});
const parse = (v: AddCardValues) => vaultAddSchema.parse(addCardBody(v));

describe("vault add body", () => {
  it("sends billing street2, the consumer's own names and shipping address where the spec puts them", () => {
    const input = parse(
      values(
        {
          reference: "cust-9",
          firstName: "Bo",
          lastName: "Chen",
          shippingAddress: { ...NO_ADDRESS, street: "9 Dock Rd", street2: "Unit 2", city: "Oakland", country: "us" },
        },
        { ...NO_ADDRESS, street: "1 Main St", street2: "Apt 4", zip: "10001", country: "US" },
      ),
    );
    expect(vaultAddBody(input, "vt-1")).toEqual({
      reference: "vt-1",
      payment: {
        method: "card",
        data: { pan: "4111111111111111", expiry: "12/30", cvv: "123", first_name: "Ana", last_name: "Lee" },
        billing_address: { street: "1 Main St", street2: "Apt 4", zip: "10001", country: "US" },
      },
      consumer: {
        reference: "cust-9",
        first_name: "Bo",
        last_name: "Chen",
        shipping_address: { street: "9 Dock Rd", street2: "Unit 2", city: "Oakland", country: "US" },
      },
    });
    expect(consumerNameOf(input)).toBe("Bo Chen");
  });

  it("copies nothing from the card holder: no consumer names given, none sent", () => {
    const input = parse(values({ email: "ana@example.com" }));
    const body = JSON.parse(JSON.stringify(vaultAddBody(input, "vt-2")));
    expect(body.consumer).toEqual({ email: "ana@example.com" });
    expect(body.payment.billing_address).toBeUndefined();
    expect(consumerNameOf(input)).toBe("Ana Lee"); // the console's own label for the token, not sent
    expect(vaultAddBody(parse(values()), "vt-3").consumer).toBeUndefined();
  });

  it("refuses an address field the spec does not name and a bad shipping country, at their paths", () => {
    const issue = (body: unknown) => vaultAddSchema.safeParse(body).error?.issues[0];
    const base = addCardBody(values());
    expect(issue({ ...base, consumer: { shippingAddress: { country: "USA" } } })).toMatchObject({
      path: ["consumer", "shippingAddress", "country"],
      // The charge's address schema, in the catalog's words (both languages), naming the spec's field.
      message: keyed("validation.charge.country", { field: "consumer.shipping_address.country" }),
    });
    expect(issue({ ...base, consumer: { shippingAddress: { vendor: "DHL" } } })?.path).toEqual([
      "consumer",
      "shippingAddress",
    ]);
  });
});
