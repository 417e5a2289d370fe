import "server-only";
import { pool } from "@/lib/platform/db";
import { SSO_MODES, type SsoMode } from "./sso-modes";

// What the sign-in page offers, and whether a password may open a session, read at every sign-in.

export { SSO_MODES, type SsoMode } from "./sso-modes";

export type SignInOptions = {
  /** The company sign-in button's words (the admin's label), or null when SSO is off or not set up. */
  sso: { label: string } | null;
  /** Passwords are offered to everyone (false: SSO required, break-glass admins only). */
  passwords: boolean;
};

type Row = { mode: string; label: string; issuer: string; client_id: string; break_glass: string[] | null };

async function row(): Promise<Row | null> {
  const { rows } = await pool.query<Row>(
    "SELECT mode, label, issuer, client_id, break_glass FROM sso_config WHERE id = 1",
  );
  return rows[0] ?? null;
}

const modeOf = (r: Row | null): SsoMode =>
  r?.issuer && r.client_id && (SSO_MODES as readonly string[]).includes(r.mode) ? (r.mode as SsoMode) : "off";

export async function signInOptions(): Promise<SignInOptions> {
  const r = await row();
  const mode = modeOf(r);
  return { sso: mode === "off" ? null : { label: r!.label }, passwords: mode !== "required" };
}

/** While SSO is required, a password opens a session only for the break-glass admins the admin listed. */
export async function passwordAllowed(email: string): Promise<boolean> {
  const r = await row();
  if (modeOf(r) !== "required") return true;
  return (r!.break_glass ?? []).map((e) => e.toLowerCase()).includes(email.toLowerCase());
}
