// The error codes sign-in can end with; one message for any wrong credential, never which part.
export const SIGN_IN_ERRORS = {
  invalid: "CredentialsSignin",
  throttled: "Throttled",
  mfaRequired: "MfaRequired",
  mfaInvalid: "MfaInvalid",
  /** SSO is required and this person is not on the break-glass list. */
  ssoRequired: "SsoRequired",
  /** The company sign-in waited too long, was used already, or took too many wrong codes: start again. */
  ssoExpired: "SsoExpired",
} as const;

/** What the sign-in page says for each: keys of the `auth` catalog (the page translates them). */
export const SIGN_IN_MESSAGES: Record<
  string,
  | "errors.invalid"
  | "errors.throttled"
  | "errors.mfaRequired"
  | "errors.mfaInvalid"
  | "errors.ssoRequired"
  | "errors.ssoExpired"
> = {
  [SIGN_IN_ERRORS.invalid]: "errors.invalid",
  [SIGN_IN_ERRORS.throttled]: "errors.throttled",
  [SIGN_IN_ERRORS.mfaRequired]: "errors.mfaRequired",
  [SIGN_IN_ERRORS.mfaInvalid]: "errors.mfaInvalid",
  [SIGN_IN_ERRORS.ssoRequired]: "errors.ssoRequired",
  [SIGN_IN_ERRORS.ssoExpired]: "errors.ssoExpired",
};
