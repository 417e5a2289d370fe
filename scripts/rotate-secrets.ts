// After a new SECRETS_KEY: re-encrypt every stored credential with it.
// usage: DATABASE_URL=... SECRETS_KEY=<new> SECRETS_KEY_VERSION=2 SECRETS_KEY_PREVIOUS=1:<old> npm run secrets:rotate
import { keyringOrThrow, reencryptAll } from "./lib/secrets";
import { withPg } from "./lib/users";

if (!process.env.DATABASE_URL) {
  console.error("DATABASE_URL is required.");
  process.exit(2);
}
try {
  const ring = keyringOrThrow(process.env);
  const n = await withPg(process.env.DATABASE_URL, (client) => reencryptAll(client, ring));
  console.log(`Re-encrypted ${n} secret(s) with key version ${ring.current}. SECRETS_KEY_PREVIOUS can now be removed.`);
} catch (error) {
  console.error(`Rotation failed, nothing changed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
