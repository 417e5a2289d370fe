export { checkPolicy, policyChange, setSsoPolicy, setSsoProvider } from "./settings";
