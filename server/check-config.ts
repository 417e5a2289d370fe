// Imported first by server/main.ts: the environment is read and validated (lib/platform/config/)
// before any module that takes a value as it loads (the logger, the webhook limits), so a bad
// value stops the start here with every bad variable listed — not as one module's stack
// trace, and never trusting nothing (or everything) in place of a malformed TRUSTED_PROXIES.
// Plain stderr: the logger's own level is one of the values being checked.
import { config, ConfigError } from "@/lib/platform/config";

try {
  config();
} catch (e) {
  if (!(e instanceof ConfigError)) throw e;
  console.error(`Could not start: ${e.message}`);
  process.exit(2);
}
