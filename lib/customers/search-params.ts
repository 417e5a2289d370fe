import { defineList } from "@/lib/platform/api/list-state";
import { parseAsChecked, parseAsSearchText } from "@/lib/platform/api/url-parsers";

const EMAIL = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export const customerSearchParams = {
  reference: parseAsSearchText(128),
  email: parseAsChecked((v) => v.length <= 254 && EMAIL.test(v)),
};
export const customerList = defineList<typeof customerSearchParams, { references: string[] }>(customerSearchParams, {
  page: "customers",
  api: "/api/customers",
});
