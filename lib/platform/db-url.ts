/** Splits a postgres:// URL into the discrete fields pg and PrismaPg accept. */
export function pgConfigFromUrl(url: string) {
  const u = new URL(url);
  const config: {
    host: string;
    port: number;
    user: string;
    password?: string;
    database: string;
    ssl?: boolean | { rejectUnauthorized: boolean };
  } = {
    host: decodeURIComponent(u.hostname) || "localhost",
    port: u.port ? Number(u.port) : 5432,
    user: decodeURIComponent(u.username) || "postgres",
    database: decodeURIComponent(u.pathname.replace(/^\//, "")) || "postgres",
  };
  if (u.password) config.password = decodeURIComponent(u.password);
  const host = u.searchParams.get("host");
  if (host) config.host = host; // unix socket directory
  const sslmode = u.searchParams.get("sslmode");
  if (sslmode === "require") config.ssl = { rejectUnauthorized: false };
  else if (sslmode === "verify-full" || sslmode === "verify-ca") config.ssl = true;
  return config;
}
