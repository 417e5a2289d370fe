import type { Metadata } from "next";
import Link from "next/link";
import { requirePageUser } from "@/lib/auth/session";
import { getSettings } from "@/lib/settings/service";
import { recentLocations } from "@/lib/declarations/view";
import { DeclarationForm } from "./_components/declaration-form";

export const metadata: Metadata = { title: "New declaration" };

export default async function NewDeclarationPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requirePageUser("customs.declare");
  const q = await searchParams;
  const transaction = typeof q.transaction === "string" && /^[\w-]{1,64}$/.test(q.transaction) ? q.transaction : "";
  const [settings, locations] = await Promise.all([getSettings(), recentLocations()]);
  return (
    <div className="max-w-5xl space-y-4">
      <div>
        <Link href="/customs" className="text-sm text-brand-600 hover:underline">
          ← Customs
        </Link>
        <h1 className="mt-1 text-2xl font-semibold">New declaration</h1>
        <p className="mt-1 text-slate-600">
          Every vendor rule is checked as you type; nothing is sent until they all hold. Customs answers slowly: the
          declaration page follows each sub-order.
        </p>
      </div>
      <DeclarationForm
        transaction={transaction}
        defaults={{ code: settings.merchantCustomsCode, name: settings.merchantCustomsName }}
        locations={locations}
      />
    </div>
  );
}
