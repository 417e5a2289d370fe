import pg from "pg";

// Runs before each test file: it starts with the settings of its own environment. A setting
// an earlier file saved (a base URL pointing at its own, now closed, fake service) would
// otherwise outlive it in the shared test database and fail this file's calls.
if (process.env.DATABASE_URL) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query("DELETE FROM settings").catch(() => undefined);
    // Single sign-on left required by an earlier file would refuse this file's passwords.
    await client.query("DELETE FROM sso_config").catch(() => undefined);
  } finally {
    await client.end();
  }
}
