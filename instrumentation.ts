// Runs once when a console server starts: refuse to run in production without the keys
// that protect sessions and stored credentials.
export function register() {
  if (process.env.CONSOLE_ENV !== "production") return;
  const missing = ["SECRETS_KEY", "NEXTAUTH_SECRET", "DATABASE_URL"].filter((k) => !process.env[k]);
  if (missing.length) throw new Error(`CONSOLE_ENV=production and ${missing.join(", ")} not set: refusing to start.`);
}
