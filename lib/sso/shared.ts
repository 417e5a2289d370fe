export { ssoPolicySchema, ssoProviderSchema, type SsoPolicy, type SsoProviderInput } from "./schemas";
