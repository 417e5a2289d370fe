import "server-only";
import { errors, jwtVerify, type JWTPayload } from "jose";
import { providerKeys } from "./discovery";

// OIDC Core 3.1.3.7 for a confidential client: published asymmetric key, issuer, audience/azp, expiry, nonce.

export type IdTokenFailure = "signature" | "issuer" | "audience" | "expired" | "nonce" | "malformed";
export class IdTokenRefused extends Error {
  constructor(
    readonly why: IdTokenFailure,
    detail: string,
  ) {
    super(detail);
    this.name = "IdTokenRefused";
  }
}

const ALGORITHMS = ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA"];
const CLOCK_TOLERANCE_S = 30;

export type VerifyInput = {
  idToken: string;
  issuer: string;
  clientId: string;
  nonce: string;
  jwksUri: string;
  /** The time to verify at (tests: a token past its expiry); now by default. */
  at?: Date;
  jwksCooldownMs?: number;
};

function refusal(error: unknown): IdTokenRefused {
  const detail = error instanceof Error ? error.message : String(error);
  if (error instanceof errors.JWTExpired) return new IdTokenRefused("expired", detail);
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === "iss") return new IdTokenRefused("issuer", detail);
    if (error.claim === "aud") return new IdTokenRefused("audience", detail);
    if (error.claim === "exp" || error.claim === "iat" || error.claim === "nbf")
      return new IdTokenRefused("expired", detail);
    return new IdTokenRefused("malformed", detail);
  }
  if (error instanceof errors.JWTInvalid) return new IdTokenRefused("malformed", detail);
  return new IdTokenRefused("signature", detail);
}

export async function verifyIdToken(input: VerifyInput): Promise<JWTPayload & Record<string, unknown>> {
  let payload: JWTPayload & Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(input.idToken, providerKeys(input.jwksUri, input.jwksCooldownMs), {
      issuer: input.issuer,
      audience: input.clientId,
      algorithms: ALGORITHMS,
      requiredClaims: ["sub", "iat", "exp"],
      clockTolerance: CLOCK_TOLERANCE_S,
      currentDate: input.at,
    }));
  } catch (error) {
    throw refusal(error);
  }
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (audiences.length > 1 && payload.azp !== input.clientId)
    throw new IdTokenRefused("audience", `azp ${String(payload.azp)} is not ${input.clientId}`);
  if (typeof payload.nonce !== "string" || payload.nonce !== input.nonce)
    throw new IdTokenRefused("nonce", "the nonce is not the one this sign-in sent");
  return payload;
}
