import { signSha256 } from "../../sandbox/webhooks";

/** The webhook secret of the sandbox's default merchant, which the sandbox signs with. */
export const SANDBOX_SECRET = "whsec_sandbox_default";

/** A notification as the payment service sends it: every value listed in `fields` and signed (SHA-256 scheme). */
export function signed(values: Record<string, string | number>, secret = SANDBOX_SECRET) {
  const fields = Object.keys(values);
  const body: Record<string, string | number> = { ...values, fields: fields.join(",") };
  body.sign = signSha256(body, fields, secret);
  return body;
}
