import { listQueryOptions } from "@/lib/platform/api/list-query";
import { defineListState } from "@/lib/platform/api/list-state";
import { parseAsChecked, parseAsSearchText } from "@/lib/platform/api/url-parsers";

// The customer lookup's URL state, defined once (lib/platform/api/list-state.ts): the page, the
// browser and GET /api/customers (its schema is derived from this map) read it. A reference
// leads straight to its customer page; an email lists the references its stored cards recorded.

// zod's z.email() pattern, without zod: this module goes to the browser.
const EMAIL = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export const customerSearchParams = {
  reference: parseAsSearchText(128),
  email: parseAsChecked((v) => v.length <= 254 && EMAIL.test(v)),
};
export const customerList = defineListState(customerSearchParams);

export const customerListOptions = (search: string) =>
  listQueryOptions<{ references: string[] }>("customers", "/api/customers", search);
