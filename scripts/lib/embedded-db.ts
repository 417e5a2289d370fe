import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { freePort } from "./net";

/**
 * The embedded PostgreSQL for local mode: PGlite with its data under `dir`, served on a
 * loopback port so Prisma and pg connect to it like to any server.
 */
export async function startEmbeddedPostgres(dir: string, preferredPort = 54329) {
  mkdirSync(dir, { recursive: true });
  // pg_trgm backs the ledger's fragment search; its migration runs CREATE EXTENSION, which
  // PGlite can only satisfy with the extension's bundle loaded here.
  const pglite = await PGlite.create(dir, { extensions: { pg_trgm } });
  const port = await freePort(preferredPort);
  // The default of one connection breaks a pg Pool; the server's pools together open up to
  // ~15 (npm start sizes them), and a refused connection fails a page.
  const server = new PGLiteSocketServer({ db: pglite, port, host: "127.0.0.1", maxConnections: 32 });
  await server.start();
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      await server.stop();
      await pglite.close();
    },
  };
}
