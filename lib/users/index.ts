export { createUser, resetPassword, temporaryPassword, updateUser } from "./service";
