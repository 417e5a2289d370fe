import "server-only";
import { db, pool } from "@/lib/platform/db";
import { getUpi, UpiError, explainedCode } from "@/lib/upi";
import type { Prisma } from "@/lib/generated/prisma/client";
import { containsText } from "@/lib/platform/api/list-params";
import { fragmentOf } from "@/lib/platform/api/fragment";
import { keysetOn } from "@/lib/platform/api/keyset";
import { lastFourOf } from "@/lib/ledger";
import type { VaultFilter } from "./schemas";
import { save, tokenView } from "./service";

/** Why the vault list could not be read. */
export function syncReason(error: unknown): { text: string; key: string | null } {
  if (!(error instanceof UpiError)) return { text: VAULT_UNREADABLE, key: "unreadable" };
  return { text: `${error.title}. ${error.explanation}`, key: explainedCode(error) };
}
const VAULT_UNREADABLE = "The vault list could not be read from the payment service.";

const paged = keysetOn<
  Prisma.VaultTokenGetPayload<object>,
  Prisma.VaultTokenWhereInput,
  Prisma.VaultTokenOrderByWithRelationInput
>("createdAt", "token");

async function vaultBrands(): Promise<string[]> {
  const { rows } = await pool.query<{ brand: string }>(
    `WITH RECURSIVE b(brand) AS (
       SELECT min(brand) FROM vault_tokens
       UNION ALL
       SELECT (SELECT min(brand) FROM vault_tokens WHERE brand > b.brand) FROM b WHERE b.brand IS NOT NULL
     )
     SELECT brand FROM b WHERE brand IS NOT NULL AND brand <> ''`,
  );
  return rows.map((r) => r.brand);
}

/** Only the first page asks the service; when it cannot be reached, the stored tokens still show, with the reason. */
export async function listVault(filter: VaultFilter) {
  let syncError: string | null = null;
  let syncErrorKey: string | null = null;
  if (!paged.reads(filter.cursor)) {
    try {
      const tokens = await (await getUpi()).vaultList();
      for (const t of tokens) await save(t, "list");
    } catch (error) {
      ({ text: syncError, key: syncErrorKey } = syncReason(error));
    }
  }
  const q = filter.q;
  const rows = await db.vaultToken.findMany({
    where: {
      AND: [paged.after(filter.cursor)],
      ...(filter.status ? { status: filter.status } : {}),
      ...(filter.brand ? { brand: { equals: filter.brand, mode: "insensitive" as const } } : {}),
      ...(q
        ? {
            OR: [
              { token: fragmentOf(q) },
              { reference: containsText(q) },
              { consumerReference: containsText(q) },
              { consumerEmail: containsText(q) },
              ...(lastFourOf(q) ? [{ panMasked: { endsWith: lastFourOf(q)! } }] : []),
            ],
          }
        : {}),
    },
    orderBy: paged.orderBy,
    take: filter.limit + 1,
  });
  const page = paged.page(rows, filter.limit, filter.cursor);
  const brands = await vaultBrands();
  return {
    tokens: page.rows.map(tokenView),
    nextCursor: page.nextCursor,
    older: page.older,
    brands,
    syncError,
    syncErrorKey,
  };
}
