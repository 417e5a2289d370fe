export { ssoPolicySchema, ssoProviderSchema, type SsoPolicy, type SsoProviderInput } from "./schemas";
export { checkPolicy, policyChange, setSsoPolicy, setSsoProvider } from "./settings";
