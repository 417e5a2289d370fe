import { parseAsArrayOf, parseAsInteger, parseAsString, parseAsStringLiteral } from "nuqs";
import { SORTS, STATUSES, TYPES } from "./constants";

// The transactions table's URL state, for the client hook. Names match the API's query
// parameters, so the URL can be forwarded to GET /api/transactions as it is.
export const transactionSearchParams = {
  q: parseAsString,
  status: parseAsArrayOf(parseAsStringLiteral(STATUSES)),
  type: parseAsArrayOf(parseAsStringLiteral(TYPES)),
  method: parseAsString,
  currency: parseAsString,
  country: parseAsString,
  from: parseAsString,
  to: parseAsString,
  amountMin: parseAsInteger,
  amountMax: parseAsInteger,
  sort: parseAsStringLiteral(SORTS).withDefault("time"),
  dir: parseAsStringLiteral(["asc", "desc"] as const).withDefault("desc"),
  cursor: parseAsString,
};
