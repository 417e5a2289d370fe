export { foldDailyTotals } from "./service";
