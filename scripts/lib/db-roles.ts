import type pg from "pg";

// Two database roles in production: the owner, who runs the migrations and owns every
// table and trigger, and the application role the console connects with. The application
// role may read and write the data but may only INSERT into audit_log: it can neither
// rewrite history nor, not being the owner, disable the append-only triggers
// (`ALTER TABLE … DISABLE TRIGGER` needs ownership). npm start applies these grants after
// each `migrate deploy` when DATABASE_MIGRATION_URL names the owner.

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The statements that give `role` exactly the application's rights; idempotent. */
export function appRoleGrants(role: string, database: string): string[] {
  const r = ident(role);
  return [
    `GRANT USAGE ON SCHEMA public TO ${r}`,
    `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${r}`,
    `GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ${r}`,
    // The audit trail: append and read, nothing else.
    `REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON audit_log FROM ${r}`,
    // The migration history is the owner's; the readiness check may read it.
    `REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON _prisma_migrations FROM ${r}`,
    // Tables a later migration adds get the same rights without a new grant.
    `ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${r}`,
    `ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO ${r}`,
    // pg-boss keeps its queues in a schema of its own, which it creates at first start.
    `GRANT CREATE ON DATABASE ${ident(database)} TO ${r}`,
  ];
}

/** Applies the grants as the owner (the client must be connected as the tables' owner). */
export async function grantAppRole(owner: Pick<pg.Client, "query">, role: string): Promise<void> {
  const { rows } = await owner.query<{ db: string }>("SELECT current_database() AS db");
  for (const statement of appRoleGrants(role, rows[0]!.db)) await owner.query(statement);
}
