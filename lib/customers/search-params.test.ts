import { describe, expect, it } from "vitest";
import { customerLookup } from "./schemas";
import { customerList } from "./search-params";

describe("the customer lookup's URL state", () => {
  it("GET /api/customers reads the page's map", () => {
    expect(Object.keys(customerLookup.shape)).toEqual(Object.keys(customerList.parsers));
  });

  it("takes an email address, and names one it cannot look up instead of ignoring it in silence", () => {
    expect(customerLookup.parse({ email: "Ada.1@example.com", reference: "  cust-1 " })).toEqual({
      email: "Ada.1@example.com",
      reference: "cust-1",
    });
    for (const email of ["not-an-email", "a@b", `${"a".repeat(250)}@example.com`, "a..b@example.com"]) {
      expect(customerLookup.parse({ email }).email, email).toBeUndefined();
      expect(
        customerList.issues({ email }).map((i) => i.key),
        email,
      ).toEqual(["email"]);
    }
  });
});
