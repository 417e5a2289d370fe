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

const TRANSACTION_LIMIT_MS = 30_000;

/** A connection of the pool, or the pool itself: what a statement outside a transaction runs on. */
export type Sql = pg.Pool | pg.PoolClient;

/** The writers' one kind of pg transaction (ADR 0021): `work` on one pool connection, rolled back if it throws. */
export async function inTransaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  const lost = (e: Error) => {
    broken = e;
  };
  client.on("error", lost);
  try {
    // Prisma's transaction had limits: no statement (a lock's wait included) nor a pause of ours holds rows past them.
    await client.query(
      `BEGIN; SET LOCAL statement_timeout = ${TRANSACTION_LIMIT_MS}; SET LOCAL idle_in_transaction_session_timeout = ${TRANSACTION_LIMIT_MS}`,
    );
    const result = await work(client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch((e: Error) => {
      broken = e;
    });
    throw error;
  } finally {
    client.off("error", lost);
    client.release(broken);
  }
}

/** Closes this process's database connections (at shutdown, once no request needs them). */
export async function closeDb() {
  await db.$disconnect().catch(() => undefined);
  await pool.end().catch(() => undefined);
}
