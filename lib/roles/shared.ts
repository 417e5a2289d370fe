export { roleKeySchema, updateRoleSchema, type UpdateRoleInput } from "./schemas";
