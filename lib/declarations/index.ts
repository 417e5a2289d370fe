export { followSubOrders } from "./follow";
export { processDeclaration } from "./send";
export { sweepDeclarations } from "./sweep";
