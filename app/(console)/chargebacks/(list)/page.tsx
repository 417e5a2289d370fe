import { requirePageUser } from "@/lib/platform/auth/session";
import { titled } from "@/lib/platform/i18n/server";
import { listChargebacks } from "@/lib/chargebacks/query";
import { CHARGEBACKS_PAGE, chargebackListOptions } from "@/lib/chargebacks/query-options";
import { chargebackList } from "@/lib/chargebacks/search-params";
import { PrefetchedList } from "@/components/data-table/prefetched-list";
import { ChargebackList } from "../_components/chargeback-list";
import type { PageSearch } from "@/lib/platform/api/list-state";

export const generateMetadata = titled("chargebacks", "title");

export default async function ChargebacksPage({ searchParams }: PageSearch) {
  await requirePageUser("chargebacks.read");
  const state = await chargebackList.load(searchParams);
  const load = () => listChargebacks({ ...chargebackList.filter(state), limit: CHARGEBACKS_PAGE });
  return (
    <PrefetchedList queries={[{ queryKey: chargebackListOptions(chargebackList.search(state)).queryKey, load }]}>
      <ChargebackList />
    </PrefetchedList>
  );
}
