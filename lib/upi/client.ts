import "server-only";
import type { z } from "zod";
import { upiRequest, type UpiHttpConfig } from "./http";
import {
  accessTokenRequestSchema,
  accessTokenSchema,
  cancelRequestSchema,
  cancelSchema,
  captureRequestSchema,
  captureSchema,
  chargeRequestSchema,
  chargeSchema,
  consultQuerySchema,
  consultSchema,
  refundRequestSchema,
  refundSchema,
  transactionSchema,
  inquirySchema,
  vaultAddRequestSchema,
  vaultListSchema,
  vaultTokenSchema,
  type CancelRequest,
  type CaptureRequest,
  type ChargeRequest,
  type ConsultQuery,
  type RefundRequest,
  type VaultAddRequest,
} from "./schemas";
import { UpiError } from "./errors";

export type TokenSource = { get(): Promise<string>; renew(stale: string): Promise<string> };

type Operation = {
  name: string;
  method: "GET" | "POST" | "DELETE";
  path: string;
  body?: z.ZodType;
  query?: z.ZodType<Record<string, string | number | undefined>>;
  response: z.ZodType;
  /** An unclear answer (time-out, dropped connection, 5xx, 508, no envelope) leaves the outcome unknown. */
  moneyMoving: boolean;
};

const OPERATIONS = {
  accessToken: {
    name: "access_token",
    method: "POST",
    path: "/v1/access-tokens",
    body: accessTokenRequestSchema,
    response: accessTokenSchema,
    moneyMoving: false,
  },
  charge: {
    name: "charge",
    method: "POST",
    path: "/v1/charges",
    body: chargeRequestSchema,
    response: chargeSchema,
    moneyMoving: true,
  },
  chargeConfirm: {
    name: "charge_confirm",
    method: "POST",
    path: "/v1/charges/:id",
    body: chargeRequestSchema,
    response: chargeSchema,
    moneyMoving: true,
  },
  capture: {
    name: "capture",
    method: "POST",
    path: "/v1/captures",
    body: captureRequestSchema,
    response: captureSchema,
    moneyMoving: true,
  },
  refund: {
    name: "refund",
    method: "POST",
    path: "/v1/refunds",
    body: refundRequestSchema,
    response: refundSchema,
    moneyMoving: true,
  },
  cancel: {
    name: "cancel",
    method: "POST",
    path: "/v1/cancels",
    body: cancelRequestSchema,
    response: cancelSchema,
    moneyMoving: true,
  },
  transaction: {
    name: "inquire",
    method: "GET",
    path: "/v1/transactions/:id",
    response: transactionSchema,
    moneyMoving: false,
  },
  inquiry: {
    name: "inquire",
    method: "GET",
    path: "/v1/transactions/:id",
    response: inquirySchema,
    moneyMoving: false,
  },
  vaultAdd: {
    name: "vault_add",
    method: "POST",
    path: "/v1/vault",
    body: vaultAddRequestSchema,
    response: vaultTokenSchema,
    moneyMoving: true,
  },
  vaultList: { name: "vault_list", method: "GET", path: "/v1/vault", response: vaultListSchema, moneyMoving: false },
  vaultGet: { name: "vault_get", method: "GET", path: "/v1/vault/:id", response: vaultTokenSchema, moneyMoving: false },
  vaultDelete: {
    name: "vault_delete",
    method: "DELETE",
    path: "/v1/vault/:id",
    response: vaultTokenSchema,
    moneyMoving: false,
  },
  consult: {
    name: "consult",
    method: "GET",
    path: "/v1/consults",
    query: consultQuerySchema,
    response: consultSchema,
    moneyMoving: false,
  },
} as const satisfies Record<string, Operation>;

type Target<O extends Operation> = (O["path"] extends `${string}:id${string}` ? { id: string } : { id?: never }) & {
  input?: unknown;
};

function checked<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UpiError(
      "4000",
      null,
      `request rejected before sending: ${issue?.path.join(".")} ${issue?.message}`,
      "failed",
    );
  }
  return parsed.data;
}

function send<O extends Operation>(
  config: UpiHttpConfig,
  op: O,
  token: string,
  target: Target<O>,
): Promise<z.output<O["response"]>> {
  return upiRequest<O["response"]>(config, {
    operation: op.name,
    method: op.method,
    path: target.id === undefined ? op.path : op.path.replace(":id", encodeURIComponent(target.id)),
    token,
    body: op.body && checked(op.body, target.input),
    query: op.query && checked(op.query, target.input),
    moneyMoving: op.moneyMoving,
    schema: op.response,
  });
}

export async function issueAccessToken(
  config: UpiHttpConfig,
  privateKey: string,
  tokenType: "server" | "client" = "server",
) {
  return send(config, OPERATIONS.accessToken, privateKey, { input: { token_type: tokenType } });
}

const tokenRefused = (error: unknown) =>
  error instanceof UpiError && (error.code === "4010" || error.httpStatus === 401);

/** One function per operation of the spec. Calls renew the token once on a refused token and retry once. */
export function createUpiClient(config: UpiHttpConfig, tokens: TokenSource) {
  async function run<O extends Operation>(op: O, target: Target<O>): Promise<z.output<O["response"]>> {
    const token = await tokens.get();
    try {
      return await send(config, op, token, target);
    } catch (error) {
      if (!tokenRefused(error)) throw error;
      return send(config, op, await tokens.renew(token), target);
    }
  }

  return {
    createCharge: (input: ChargeRequest) => run(OPERATIONS.charge, { input }),
    confirmCharge: (chargeToken: string, input: ChargeRequest) =>
      run(OPERATIONS.chargeConfirm, { id: chargeToken, input }),
    capture: (input: CaptureRequest) => run(OPERATIONS.capture, { input }),
    refund: (input: RefundRequest) => run(OPERATIONS.refund, { input }),
    cancel: (input: CancelRequest) => run(OPERATIONS.cancel, { input }),
    getTransaction: (id: string) => run(OPERATIONS.transaction, { id }),
    inquire: (id: string) => run(OPERATIONS.inquiry, { id }),
    vaultAdd: (input: VaultAddRequest) => run(OPERATIONS.vaultAdd, { input }),
    vaultList: () => run(OPERATIONS.vaultList, {}),
    vaultGet: (vaultToken: string) => run(OPERATIONS.vaultGet, { id: vaultToken }),
    vaultDelete: (vaultToken: string) => run(OPERATIONS.vaultDelete, { id: vaultToken }),
    consult: (query: ConsultQuery) => run(OPERATIONS.consult, { input: query }),
  };
}

export type UpiClient = ReturnType<typeof createUpiClient>;
