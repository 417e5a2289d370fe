import { requirePageUser } from "@/lib/platform/auth/session";
import { titled } from "@/lib/platform/i18n/server";
import { listChargebacks } from "@/lib/chargebacks/query";
import { CHARGEBACKS_PAGE, chargebackList } from "@/lib/chargebacks/search-params";
import { PrefetchedList, prefetchOf } from "@/components/data-table/prefetched-list";
import { ChargebackList } from "../_components/chargeback-list";
import type { PageSearch } from "@/lib/platform/api/list-state";

export const generateMetadata = titled("chargebacks", "title");

const prefetch = prefetchOf(chargebackList, (f) => listChargebacks({ ...f, limit: CHARGEBACKS_PAGE }));

export default async function ChargebacksPage({ searchParams }: PageSearch) {
  await requirePageUser("chargebacks.read");
  return (
    <PrefetchedList queries={[await prefetch(searchParams)]}>
      <ChargebackList />
    </PrefetchedList>
  );
}
