export { credentialNameAnswer } from "./answers";
export { CREDENTIALS, setCredential, type CredentialName } from "./credentials";
export { loadKeys, onWebhookKeysChanged, previousSecretEnds } from "./webhook-keys";
