// A list's count and totals (components/data-table/list-summary-view.tsx, in the person's
// language), and the summary of a list whose page holds the whole set.
export { ListSummary } from "./list-summary-view";
export { pageSummary } from "@/lib/platform/api/list-summary";
