export { reconcileConfirms } from "./confirm-reconcile";
