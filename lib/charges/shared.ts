export { addressSchema } from "./charge-fields";
export { cardSchema } from "./schemas";
