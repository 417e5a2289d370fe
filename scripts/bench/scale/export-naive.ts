// bench:scale's export baseline, in a process of its own (export.ts spawns it): the naive way, every
// row of the filter from Prisma at once, then one CSV string. Prints its figures as JSON.
// usage: node --import tsx scripts/bench/scale/export-naive.ts <databaseUrl> <from YYYY-MM-DD>
import { PrismaPg } from "@prisma/adapter-pg";
import { stringify } from "csv-stringify/sync";
import { PrismaClient } from "../../../lib/generated/prisma/client";

export type NaiveResult = { rows: number; seconds: number; bytes: number; rssGrowth: number; heapGrowth: number };

/** The naive export: every row of the filter from Prisma at once, then one CSV string. */
async function naive(databaseUrl: string, from: string): Promise<NaiveResult> {
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: databaseUrl }) });
  try {
    globalThis.gc?.();
    const before = process.memoryUsage();
    let peakRss = before.rss;
    let peakHeap = before.heapUsed;
    const timer = setInterval(() => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
    }, 100);
    const t = performance.now();
    const rows = await prisma.ledgerTransaction.findMany({
      where: { timeCreated: { gte: new Date(`${from}T00:00:00Z`) } },
      orderBy: [{ timeCreated: "desc" }, { id: "desc" }],
    });
    const text = stringify(
      rows.map((r) => [
        r.id,
        r.type,
        r.reference,
        r.status,
        r.method,
        r.currency,
        String(r.amount),
        r.timeCreated.toISOString(),
      ]),
    );
    const seconds = (performance.now() - t) / 1000;
    const m = process.memoryUsage();
    clearInterval(timer);
    return {
      rows: rows.length,
      seconds,
      bytes: text.length,
      rssGrowth: (Math.max(peakRss, m.rss) - before.rss) / 2 ** 20,
      heapGrowth: (Math.max(peakHeap, m.heapUsed) - before.heapUsed) / 2 ** 20,
    };
  } finally {
    await prisma.$disconnect();
  }
}

const [databaseUrl, from] = process.argv.slice(2);
if (databaseUrl && from) {
  console.log(JSON.stringify(await naive(databaseUrl, from)));
  process.exit(0);
}
