export { roleAnswerSchema } from "./answers";
export { gained, grantsOf, roleOrThrow, updateRole } from "./service";
