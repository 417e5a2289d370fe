// `prisma migrate dev` cannot run here; this writes the next migration from the schema
// diff instead. Needs DATABASE_URL on a server whose role may CREATE DATABASE (shadow db).
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { SCHEMA_DIFF } from "./prisma";

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error("usage: npm run db:migration -- <snake_case_name>");
  process.exit(2);
}
if (!process.env.DATABASE_URL) {
  console.error("DATABASE_URL must point at a PostgreSQL server (not the embedded one).");
  process.exit(2);
}
const require = createRequire(import.meta.url);
const out = spawnSync(process.execPath, [require.resolve("prisma/build/index.js"), ...SCHEMA_DIFF, "--script"], {
  encoding: "utf8",
  env: process.env,
});
if (out.status !== 0) {
  process.stderr.write(out.stderr);
  process.exit(out.status ?? 1);
}
if (/^-- This is an empty migration/m.test(out.stdout)) {
  console.log("No schema change to migrate.");
  process.exit(0);
}
const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
const dir = `prisma/migrations/${stamp}_${name}`;
mkdirSync(dir, { recursive: true });
writeFileSync(`${dir}/migration.sql`, out.stdout);
console.log(`Wrote ${dir}/migration.sql`);
