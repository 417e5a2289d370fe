// Lists the interface text still written into components (the check in lib/platform/i18n/catalogs.test.ts):
//   npx tsx scripts/i18n-literals.ts [path prefix …]
import { findLiterals } from "@/lib/platform/i18n/literals";

const prefixes = process.argv.slice(2);
const found = findLiterals(process.cwd()).filter((l) => !prefixes.length || prefixes.some((p) => l.file.startsWith(p)));
for (const l of found) console.log(`${l.file}:${l.line}  ${JSON.stringify(l.text)}`);
console.log(`${found.length} literal(s)`);
process.exitCode = found.length ? 1 : 0;
