import type { Metadata } from "next";
import Link from "next/link";
import { requirePageUser } from "@/lib/auth/session";
import { can } from "@/lib/auth/permissions";
import {
  APPLY_STATES,
  inboxFilterSchema,
  listNotifications,
  NOTIFICATION_TYPES,
  VERIFICATIONS,
} from "@/lib/webhooks/query";
import { FilterForm, FilterSelect, FilterText } from "@/components/ui/list-page";
import { InboxTable } from "./_components/inbox-table";

import { ListSummary, pageSummary } from "@/components/data-table/list-summary";

export const metadata: Metadata = { title: "Webhook inbox" };

const label = (s: string) => s.replace(/_/g, " ");

export default async function WebhooksPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requirePageUser("webhooks.read");
  const filter = inboxFilterSchema.parse(await searchParams);
  const { rows, nextBefore } = await listNotifications(filter);
  const manage = can(user.role, "webhooks.manage");
  const next = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...filter, limit: undefined, before: nextBefore ?? undefined }))
    if (v !== undefined) next.set(k, String(v));

  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold">Webhook inbox</h1>
        <p className="mt-1 text-slate-600">
          Every notification the payment service sent, stored before it was acknowledged. Replays are counted, not
          applied again; a status never moves a transaction backwards; a notification whose signature fails, or that was
          signed outside the replay window, is kept and never applied; one whose signature leaves out an essential (id,
          type, status, amount, reference, time) is applied only as an inquiry confirms it.
        </p>
      </div>
      <FilterForm key={JSON.stringify(filter)} clearHref="/webhooks" views="webhooks">
        <FilterText label="Transaction, parent or reference" name="q" value={filter.q} />
        <FilterSelect label="Type" name="type" value={filter.type} options={NOTIFICATION_TYPES} />
        <FilterSelect
          label="Verification"
          name="verification"
          value={filter.verification}
          options={VERIFICATIONS.map((t) => [t, label(t)] as const)}
        />
        <FilterSelect
          label="Result"
          name="state"
          value={filter.state}
          options={APPLY_STATES.map((t) => [t, label(t)] as const)}
        />
      </FilterForm>
      <InboxTable
        rows={rows}
        manage={manage}
        footer={
          <ListSummary summary={pageSummary(rows, nextBefore !== null)} noun={["notification", "notifications"]} />
        }
      />
      {nextBefore && (
        <Link href={`/webhooks?${next}`} className="inline-block text-brand-600 hover:underline">
          Older notifications →
        </Link>
      )}
    </div>
  );
}
