export { BUSINESS_TYPES, ID_TYPES, PAYMENT_TYPES, VENDORS } from "./constants";
