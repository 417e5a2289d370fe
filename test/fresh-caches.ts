// Runs before each test file. Each file starts its own sandbox (its own URL, its own tokens),
// but the settings cache, the token manager and the webhook receiver are kept on globalThis
// (shared by the two module graphs of the production server until issue 18 removes the API
// lane), so they outlive a file in the same worker: a file starting within the settings
// cache's 2 s would call the previous file's closed sandbox. Each file starts with none.
const shared = globalThis as Record<string, unknown>;
for (const key of ["consoleSettingsState", "upiTokens", "receiver"]) delete shared[key];
