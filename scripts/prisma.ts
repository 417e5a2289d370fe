// Runs the Prisma CLI with the settings these offline machines need: DATABASE_URL must
// be set for every command (even `generate`), or the CLI tries to download a native engine.
import { spawnAndWait } from "./lib/spawn";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/** The schema's difference from the migrations: the drift check (--exit-code) and a new migration (--script). */
export const SCHEMA_DIFF = [
  "migrate",
  "diff",
  "--from-migrations",
  "prisma/migrations",
  "--to-schema-datamodel",
  "prisma/schema.prisma",
];

export function runPrisma(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const cli = require.resolve("prisma/build/index.js");
  return spawnAndWait(process.execPath, [cli, ...args], {
    ...env,
    DATABASE_URL: env.DATABASE_URL || "postgresql://prisma@localhost:1/unused",
    PRISMA_HIDE_UPDATE_MESSAGE: "1",
    CHECKPOINT_DISABLE: "1",
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exit(await runPrisma(process.argv.slice(2)));
}
