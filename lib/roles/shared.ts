export { roleAnswerSchema } from "./answers";
export { roleKeySchema, updateRoleSchema, type UpdateRoleInput } from "./schemas";
