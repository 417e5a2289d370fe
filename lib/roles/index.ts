export { gained, grantsOf, roleOrThrow, updateRole } from "./service";
