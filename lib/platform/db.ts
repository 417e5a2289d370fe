import "server-only";
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { pgConfigFromUrl } from "@/lib/platform/db-url";
import { config } from "@/lib/platform/config";

function createPool() {
  const { databaseUrl: url, databasePoolSize } = config();
  if (!url) throw new Error("DATABASE_URL is not set (npm start sets it for the embedded database)");
  return new pg.Pool({ ...pgConfigFromUrl(url), max: databasePoolSize });
}

type Client = ReturnType<typeof createClient>;
function createClient(pool: pg.Pool) {
  return new PrismaClient({
    adapter: new PrismaPg(pool),
    omit: { user: { passwordHash: true } },
    transactionOptions: { maxWait: 15_000 },
  });
}

// On globalThis only because Next dev re-evaluates modules on edits: one pool per process, not one per reload.
const globalForDb = globalThis as unknown as { pgPool?: pg.Pool; prisma?: Client };

globalForDb.pgPool ??= createPool();
export const pool: pg.Pool = globalForDb.pgPool;
/** Prisma for everything else; password hashes are omitted unless a query asks for them. */
globalForDb.prisma ??= createClient(pool);
export const db: Client = globalForDb.prisma;

/** Closes this process's database connections (at shutdown, once no request needs them). */
export async function closeDb() {
  await db.$disconnect().catch(() => undefined);
  await pool.end().catch(() => undefined);
}
