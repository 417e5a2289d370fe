export { isPrivileged } from "./rules";
export { everAdminCount } from "./store";
