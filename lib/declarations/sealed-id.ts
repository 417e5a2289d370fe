// No imports: the scripts use it too (secrets:rotate re-seals these).
export const idNumberSecretName = (declarationId: string) => `customs/declaration/${declarationId}/id_number`;
