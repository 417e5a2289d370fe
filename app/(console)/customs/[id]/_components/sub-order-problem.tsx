import type { CustomsT } from "@/lib/customs/explain";
import { subOrderWords } from "@/lib/customs/stored-problem";

/** A sub-order's problem: the console's words for the code, then what Customs said, labelled as its own words. */
export function SubOrderProblem({ t, code, stored }: { t: CustomsT; code: string | null; stored: string }) {
  const { words, customs } = subOrderWords(t, code, stored);
  return (
    <>
      {words}
      {customs && (
        <span className="block" data-testid="customs-words">
          <span className="text-xs text-slate-500">{t("declaration.customsWords")}</span>{" "}
          <q lang={/[\u3400-\u9fff]/.test(customs) ? "zh-CN" : "en"} translate="no">
            {customs}
          </q>
        </span>
      )}
    </>
  );
}
