import { z } from "zod";
import { expirySeconds } from "../time";

// What every answer is wrapped in, a failure's data, and the access tokens the service issues.

export const envelopeSchema = z.looseObject({
  status: z.enum(["success", "fail"]),
  data: z.unknown(),
  app: z.string().optional(),
  version: z.string().optional(),
});

export const failureDataSchema = z.looseObject({
  code: z.union([z.string(), z.number()]).transform(String),
  message: z.string().optional().default(""),
});

export const accessTokenRequestSchema = z.strictObject({ token_type: z.enum(["server", "client"]) });

export const accessTokenSchema = z
  .looseObject({
    access_token: z.string().min(1),
    token_type: z.enum(["client", "server"]),
    expiry: z.number().transform(expirySeconds),
    permission: z.array(z.string()).optional(),
    permissions: z.array(z.string()).optional(),
  })
  .transform(({ permissions, permission, ...t }) => ({ ...t, permission: permission ?? permissions ?? [] }));
export type AccessToken = z.infer<typeof accessTokenSchema>;
