export { inspectToken } from "./service";
