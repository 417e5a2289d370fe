export { temporaryPasswordSchema, userAnswerSchema } from "./answers";
export { createUserSchema, updateUserSchema, type CreateUserInput, type UpdateUserInput } from "./schemas";
export { createUser, resetPassword, temporaryPassword, updateUser } from "./service";
