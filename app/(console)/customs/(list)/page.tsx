import { requirePageUser } from "@/lib/platform/auth/session";
import { can } from "@/lib/platform/auth/permissions";
import { listDeclarations } from "@/lib/declarations/view";
import { merchantCustoms } from "@/lib/declarations/merchant-customs";
import { DECLARATIONS_PAGE, declarationList } from "@/lib/declarations/search-params";
import { titled } from "@/lib/platform/i18n/server";
import { PrefetchedList, prefetchOf } from "@/components/data-table/prefetched-list";
import { DeclarationList } from "../_components/declaration-list";
import type { PageSearch } from "@/lib/platform/api/list-state";

export const generateMetadata = titled("customs", "title");

const prefetch = prefetchOf(declarationList, (f) => listDeclarations({ ...f, limit: DECLARATIONS_PAGE }));

export default async function CustomsPage({ searchParams }: PageSearch) {
  const user = await requirePageUser("customs.read");
  const { gap } = await merchantCustoms();
  return (
    <PrefetchedList queries={[await prefetch(searchParams)]}>
      <DeclarationList
        canDeclare={can(user, "customs.declare")}
        merchant={{ gap, canSet: can(user, "settings.manage") }}
      />
    </PrefetchedList>
  );
}
