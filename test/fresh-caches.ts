import pg from "pg";

// Runs before each test file: each file starts with the settings of its own environment.
// (1) Settings saved by an earlier file (a base URL pointing at its own, now closed, fake
// service) would outlive it in the settings table. (2) The settings cache, the token manager
// and the webhook receiver are kept on globalThis (shared by the two module graphs of the
// production server until issue 18 removes the API lane), so they outlive a file in the same
// worker: a file starting within the settings cache's 2 s would call the previous file's
// closed sandbox.
const shared = globalThis as Record<string, unknown>;
for (const key of ["consoleSettingsState", "upiTokens", "receiver"]) delete shared[key];

if (process.env.DATABASE_URL) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query("DELETE FROM settings").catch(() => undefined);
  } finally {
    await client.end();
  }
}
