// The error codes sign-in can end with, and what the sign-in page says for each. One
// message for any wrong credential, so it never tells which part was wrong.
export const SIGN_IN_ERRORS = {
  invalid: "CredentialsSignin",
  throttled: "Throttled",
  mfaRequired: "MfaRequired",
  mfaInvalid: "MfaInvalid",
} as const;

export const SIGN_IN_MESSAGES: Record<string, string> = {
  [SIGN_IN_ERRORS.invalid]: "Wrong email or password.",
  [SIGN_IN_ERRORS.throttled]: "Too many failed sign-ins. Wait 15 minutes, or ask an admin to check your account.",
  [SIGN_IN_ERRORS.mfaRequired]: "Enter the 6-digit code from your authenticator app, or one of your recovery codes.",
  [SIGN_IN_ERRORS.mfaInvalid]:
    "That code does not match. Enter the newest code from your authenticator app, or an unused recovery code.",
};
