// Creates an admin in a configured database (no demo user is ever created there).
// usage: DATABASE_URL=... npm run create-admin -- --email you@company.com --name "Your Name"
// The password comes from ADMIN_PASSWORD, or a random one is generated and printed once.
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { z } from "zod";
import { insertUser, withPg } from "./lib/users";
import { PASSWORD_MIN_LENGTH } from "../lib/platform/auth/password-policy";

const { values } = parseArgs({ options: { email: { type: "string" }, name: { type: "string" } } });
const input = z
  .object({
    email: z.email("--email must be an email address"),
    name: z.string().min(1, "--name is required"),
    password: z.string().min(PASSWORD_MIN_LENGTH, `ADMIN_PASSWORD needs at least ${PASSWORD_MIN_LENGTH} characters`),
    url: z.string().startsWith("postgres", "DATABASE_URL must point at the console's PostgreSQL database"),
  })
  .safeParse({
    email: values.email,
    name: values.name ?? "Administrator",
    password: process.env.ADMIN_PASSWORD ?? randomBytes(12).toString("base64url"),
    url: process.env.DATABASE_URL ?? "",
  });
if (!input.success) {
  console.error(input.error.issues.map((i) => i.message).join("\n"));
  process.exit(2);
}
const { email, name, password, url } = input.data;
try {
  await withPg(url, (client) => insertUser(client, { email, name, role: "admin", password }));
} catch (error) {
  const message = (error as { code?: string }).code === "23505" ? `${email} already exists.` : String(error);
  console.error(`Could not create the admin: ${message}`);
  process.exit(1);
}
console.log(`Admin ${email} created.`);
if (!process.env.ADMIN_PASSWORD) console.log(`Temporary password (shown once): ${password}`);
