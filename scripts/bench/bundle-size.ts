// First-load JavaScript per page, gzip: every <script src> the signed-in HTML of a page
// loads, fetched from the production server and gzipped (Next 16's build no longer prints
// it). usage: npm run bench:bundle   (exits 1 when a page is over the budget, which
// e2e/first-load-budget.spec.ts also holds in `npm test`)
import { createBenchUser, signInCookie, startStack } from "./harness";
import { withPg } from "../lib/users";
import { FIRST_LOAD_BUDGET_KIB, FIRST_LOAD_PAGES, fillPath, firstLoadKiB, sampleRowsSql } from "../lib/first-load";

const over: string[] = [];
const stack = await startStack("bench_bundle");
try {
  const ids = {
    tx: "1000000000000000000001",
    token: "tok_bundle_1",
    chargeback: "cb_bundle_1",
    customer: "bundle-customer",
  };
  await withPg(stack.databaseUrl, (c) => c.query(sampleRowsSql(ids)));
  const cookies: Record<string, string> = {};
  for (const role of ["manager", "admin", "finance"] as const) {
    const user = await createBenchUser(stack.databaseUrl, role);
    cookies[role] = await signInCookie(stack.consoleUrl, user.email, user.password, user.totpSecret);
  }
  console.log("page".padEnd(42), "scripts", "gzip KiB");
  for (const [template, who] of FIRST_LOAD_PAGES) {
    const path = fillPath(template, ids);
    const { kib, scripts } = await firstLoadKiB(stack.consoleUrl, path, who ? cookies[who] : undefined);
    const isOver = kib > FIRST_LOAD_BUDGET_KIB;
    console.log(
      path.padEnd(42),
      String(scripts).padStart(7),
      kib.toFixed(1).padStart(8),
      isOver ? ` over ${FIRST_LOAD_BUDGET_KIB}` : "",
    );
    if (isOver) over.push(`${path} ${kib.toFixed(1)} KiB`);
  }
} finally {
  stack.stop();
}
if (over.length > 0) console.error(`Over the ${FIRST_LOAD_BUDGET_KIB} KiB budget: ${over.join(", ")}`);
process.exit(over.length > 0 ? 1 : 0);
