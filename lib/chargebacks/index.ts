export { remindDeadlines } from "./remind";
