import { defineConfig } from "prisma/config";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { pgConfigFromUrl } from "./lib/platform/db-url";

// The catalog types "char" (OID 18) and name (OID 19) cannot be deserialized by the
// adapter; the schema engine reads them while introspecting, so report them as text.
function asText(res: pg.QueryResult) {
  for (const r of Array.isArray(res) ? (res as pg.QueryResult[]) : [res]) {
    for (const field of r.fields ?? []) {
      if (field.dataTypeID === 18 || field.dataTypeID === 19) field.dataTypeID = 25;
    }
  }
  return res;
}

// No constructor copying its config: pg-pool hands the password over as a non-enumerable
// property, which a spread drops (a password-protected server then refuses every migration).
class CatalogTextClient extends pg.Client {
  override query(...args: unknown[]): never {
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === "function") {
      // pg.Pool calls query with a callback
      args[last] = (err: Error | null, res: pg.QueryResult) => callback(err, res && asText(res));
      return (super.query as (...a: unknown[]) => never)(...args);
    }
    const result = (super.query as (...a: unknown[]) => unknown)(...args);
    if (result instanceof Promise) return result.then(asText) as never;
    return result as never;
  }
}

// The adapter drops its shadow database while its own pool is still connected to it
// ("database is being accessed by other users"): end the pool first, then drop.
class MigrationAdapter extends PrismaPg {
  override async connectToShadowDb() {
    const config = pgConfigFromUrl(process.env.DATABASE_URL ?? "");
    const admin = new pg.Client(config);
    await admin.connect();
    const database = `prisma_migrate_shadow_db_${crypto.randomUUID()}`;
    await admin.query(`CREATE DATABASE "${database}"`);
    await admin.end();
    const shadow = await new PrismaPg({ ...config, database, Client: CatalogTextClient } as never).connect();
    const dispose = shadow.dispose.bind(shadow);
    shadow.dispose = async () => {
      await dispose();
      const cleanup = new pg.Client(config);
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      await cleanup.end();
    };
    return shadow;
  }
}

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  // Discrete fields, never { connectionString }: pg lets a connection string override
  // `database`, which would turn the adapter's shadow database into the real one.
  adapter: async () =>
    new MigrationAdapter({ ...pgConfigFromUrl(process.env.DATABASE_URL ?? ""), Client: CatalogTextClient } as never),
});
