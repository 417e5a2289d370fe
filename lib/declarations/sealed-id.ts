// No imports: the scripts use it too (secrets:rotate re-seals these).
/** The name a upop buyer's sealed ID number is bound to: moved to another declaration, it no longer opens. */
export const idNumberSecretName = (declarationId: string) => `customs/declaration/${declarationId}/id_number`;
