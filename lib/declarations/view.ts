import "server-only";
import { parseApiTime } from "@/lib/upi";
import { db } from "@/lib/platform/db";
import { NotFound } from "@/lib/platform/errors";
import { minorToNumber as n } from "@/lib/platform/money";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { DeclarationFilter } from "./schemas";
import { containsText, dayBounds, isUuid } from "@/lib/platform/api/list-params";
import { fragmentOf } from "@/lib/platform/api/fragment";
import { keysetOn } from "@/lib/platform/api/keyset";
import { declarationStatus, subOrderStatus } from "./status";

// Declarations as the API and the pages show them, and the reads behind those pages.

export type Declaration = Prisma.CustomsDeclarationGetPayload<{ include: { subOrders: true } }>;
export type SubOrder = Declaration["subOrders"][number];

function subOrderView(s: SubOrder) {
  return {
    id: s.id,
    subOrderNo: s.subOrderNo,
    orderFee: n(s.orderFee),
    transportFee: n(s.transportFee),
    productFee: n(s.productFee),
    state: s.state,
    status: subOrderStatus(s),
    declareNumber: s.declareNumber,
    verificationOrg: s.verificationOrg,
    identityCheck: s.identityCheck,
    customsStatus: s.customsStatus,
    timeModified: s.timeModified,
    modifiedAt: parseApiTime(s.timeModified)?.toISOString() ?? null,
    errorCode: s.errorCode,
    errorDetail: s.errorDetail,
    vendorRequest: s.vendorRequest,
    vendorResponse: s.vendorResponse,
    correctsId: s.correctsId,
    attempts: s.attempts,
    submittedAt: s.submittedAt?.toISOString() ?? null,
    checkedAt: s.checkedAt?.toISOString() ?? null,
    nextCheckAt: s.nextCheckAt?.toISOString() ?? null,
  };
}

function vendorTransactionId(d: Declaration): string | null {
  for (const s of d.subOrders) {
    const tradeNo = s.vendorRequest ? new URLSearchParams(s.vendorRequest).get("trade_no") : null;
    if (tradeNo) return tradeNo;
  }
  return d.transactionId;
}

const matchOf = (d: Declaration, s: SubOrder, vendorId: string | null) => ({
  orderNo: d.isSplit ? s.subOrderNo : vendorId,
  declareNumber: s.declareNumber,
});

export function declarationView(d: Declaration) {
  const vendorId = vendorTransactionId(d);
  const subOrders = [...d.subOrders]
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .map((s) => ({ ...subOrderView(s), match: matchOf(d, s, vendorId) }));
  const live = subOrders.filter((s) => s.state !== "corrected");
  return {
    id: d.id,
    transactionId: d.transactionId,
    vendorTransactionId: vendorId,
    reference: d.reference,
    vendor: d.vendor,
    paymentType: d.paymentType,
    merchantCustomsCode: d.merchantCustomsCode,
    merchantCustomsName: d.merchantCustomsName,
    customsLocation: d.customsLocation,
    duty: n(d.duty),
    isSplit: d.isSplit,
    buyerName: d.buyerName,
    idNumberMasked: d.idNumberMasked,
    idType: d.idType,
    businessType: d.businessType,
    parentAmount: n(d.parentAmount),
    parentCurrency: d.parentCurrency,
    parentCnyFen: n(d.parentCnyFen),
    source: d.source,
    createdBy: d.createdBy,
    createdAt: d.createdAt.toISOString(),
    subOrders,
    state:
      (["sending", "pending", "unknown", "failed", "submitted"] as const).find((st) =>
        live.some((s) => s.state === st),
      ) ?? "corrected",
    status: declarationStatus(live),
    inFlight: live.some((s) => s.state === "pending" || s.state === "sending"),
  };
}
export type DeclarationView = ReturnType<typeof declarationView>;

/** Whether this declaration exists (its page's layout answers 404 otherwise). */
export const declarationExists = async (id: string) => (await db.customsDeclaration.count({ where: { id } })) > 0;

export async function getDeclaration(id: string) {
  const d = await db.customsDeclaration.findUnique({ where: { id }, include: { subOrders: true } });
  if (!d) throw new NotFound("No declaration with this id.");
  return declarationView(d);
}

const paged = keysetOn<
  Prisma.CustomsDeclarationGetPayload<object>,
  Prisma.CustomsDeclarationWhereInput,
  Prisma.CustomsDeclarationOrderByWithRelationInput
>("createdAt", "id", isUuid);

/** How many sub-orders a fragment search reads at most, newest first. */
export const SUB_ORDER_MATCHES = 500;

/** One page of declarations, newest first (`cursor` from the previous page's `nextCursor`). */
export async function pageDeclarations(f: DeclarationFilter & { timeZone?: string }) {
  const made = dayBounds({ from: f.from, to: f.to, timeZone: f.timeZone ?? "UTC" });
  // Looked up first: an EXISTS inside the OR kept the search from a bitmap OR of indexes (issue 36).
  const bySubOrder = f.q
    ? [
        ...new Set(
          (
            await db.customsSubOrder.findMany({
              where: { OR: [{ subOrderNo: fragmentOf(f.q) }, { declareNumber: fragmentOf(f.q) }] },
              select: { declarationId: true },
              // A broad fragment ("000") matches most sub-orders: the newest few hundred, not all of them in one IN.
              orderBy: { createdAt: "desc" },
              take: SUB_ORDER_MATCHES,
            })
          ).map((s) => s.declarationId),
        ),
      ]
    : [];
  const rows = await db.customsDeclaration.findMany({
    where: {
      AND: [
        {
          ...(f.vendor ? { vendor: f.vendor } : {}),
          ...(f.q
            ? {
                OR: [
                  { reference: containsText(f.q) },
                  { transactionId: f.q },
                  ...(bySubOrder.length ? [{ id: { in: bySubOrder } }] : []),
                ],
              }
            : {}),
        },
        f.state ? { subOrders: { some: { state: f.state } } } : {},
        f.customsStatus ? { subOrders: { some: { customsStatus: f.customsStatus } } } : {},
        made.gte || made.lt
          ? { createdAt: { ...(made.gte ? { gte: made.gte } : {}), ...(made.lt ? { lt: made.lt } : {}) } }
          : {},
        paged.after(f.cursor),
      ],
    },
    include: { subOrders: true },
    orderBy: paged.orderBy,
    take: f.limit + 1,
  });
  const page = paged.page(rows, f.limit, f.cursor);
  return { rows: page.rows.map(declarationView), nextCursor: page.nextCursor, older: page.older };
}

/** GET /api/customs/declarations and the list page's first page. */
export async function listDeclarations(f: DeclarationFilter) {
  const { rows, nextCursor, older } = await pageDeclarations(f);
  return { declarations: rows, nextCursor, older };
}

/** Customs locations used before, most recent first, for the form to offer. */
export async function recentLocations() {
  const rows = await db.customsDeclaration.findMany({
    distinct: ["customsLocation"],
    select: { customsLocation: true },
    orderBy: { createdAt: "desc" },
    take: 20,
  });
  return rows.map((r) => r.customsLocation);
}
