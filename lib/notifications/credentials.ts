import "server-only";
import { db } from "@/lib/platform/db";
import { readSecret, SECRET_NAMES } from "@/lib/platform/secrets/store";
import { credentialsExpiring } from "./events-security";
import { notify } from "./outbox";

/** A token renewal failed (the renewal's own transaction rolled back). */
export async function tellRenewalFailed(code: string, now = Date.now()): Promise<void> {
  try {
    const held = await readSecret(SECRET_NAMES.accessToken);
    const expiry = (held?.meta as { expiry?: unknown } | undefined)?.expiry;
    const ends = typeof expiry === "number" ? new Date(expiry * 1000) : new Date(now);
    await db.$transaction(async (tx) => notify(tx, credentialsExpiring("token_renewal", code, ends, now)));
  } catch {
    // Telling is best effort here: the next failure tries again.
  }
}
