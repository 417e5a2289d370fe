export { scheduleReports, sendReports } from "./scheduled";
