// Everything the sandbox remembers. Plain JSON-able data, persisted as one snapshot.

export type Merchant = {
  id: string;
  name: string;
  privateKey: string;
  webhookSecret: string;
  /** Bearer token for the customs service and the legacy payment endpoints; also the MD5 key of legacy notifications. */
  customsToken: string;
  tokenTtlSeconds: number;
  webhookFormat: "json" | "form";
  /** Where vault notifications go (vault calls carry no urls.ipn). */
  defaultIpnUrl: string | null;
};

export type AccessToken = {
  token: string;
  merchantId: string;
  type: "client" | "server";
  expiry: number; // seconds
  permission: string[];
};

export type Money = { amount: number; currency: string; rate: number } | null;

export type Charge = {
  kind: "charge";
  id: string;
  merchantId: string;
  chargeToken: string;
  reference: string;
  amount: number;
  currency: string;
  country: string | null;
  autoCapture: boolean;
  status: "initiated" | "authorized" | "pending" | "succeeded" | "canceled";
  method: string | null;
  paymentType: string | null;
  panMasked: string | null;
  cardExpiry: string | null;
  vaultToken: string | null;
  clients: string[];
  amountCaptured: number | null;
  amountRefunded: number | null;
  multiCaptureOpen: boolean;
  timeCreated: number;
  timeCaptured: number | null;
  timeCanceled: number | null;
  expiry: number | null;
  ipnUrl: string | null;
  note: string | null;
  consumerReference: string | null;
  /** transaction.locale as sent (a locale tag): the consumer page's language. Absent in older saved state. */
  locale?: string | null;
  captureIds: string[];
  refundIds: string[];
  chargebackIds: string[];
  /** legacy pay / pay_qr / chop payments */
  legacy: null | {
    endpoint: "pay" | "pay_qr" | "chop";
    q: string;
    amountCnyRequested: boolean;
    notifyResult: string | null;
    /** Where the finished page sends the consumer back (callback_url, or chop's three); absent in older saved state. */
    returnUrls?: { success: string | null; fail: string | null; mobile: string | null };
  };
};

export type Capture = {
  kind: "capture";
  id: string;
  merchantId: string;
  chargeId: string;
  reference: string;
  amount: number;
  currency: string;
  country: string | null;
  timeCreated: number;
  status: "succeeded";
  shipping: { vendor?: string; tracking?: string } | null;
};

export type Refund = {
  kind: "refund";
  id: string;
  merchantId: string;
  chargeId: string;
  reference: string;
  amount: number;
  currency: string;
  country: string | null;
  note: string | null;
  timeCreated: number;
  status: "succeeded";
};

export type Cancel = {
  kind: "cancel";
  id: string;
  merchantId: string;
  chargeId: string;
  reference: string;
  amount: number;
  currency: string;
  country: string | null;
  timeCreated: number;
  status: "canceled";
};

export type Chargeback = {
  kind: "chargeback";
  id: string;
  merchantId: string;
  chargeId: string;
  amount: number;
  currency: string;
  reason: string;
  status: string;
  outcome: "Won" | "Lost" | null;
  history: { status: string; time: number }[];
  timeCreated: number;
};

export type VaultToken = {
  token: string;
  merchantId: string;
  reference: string;
  status: "active" | "deleted";
  method: string;
  type: string;
  panMasked: string;
  expiry: string;
  country: string | null;
  consumerReference: string | null;
  timeCreated: number;
};

export type Declaration = {
  id: string;
  merchantId: string;
  reference: string;
  chargeId: string;
  vendor: string;
  paymentType: string;
  customsLocation: string;
  isSplit: boolean;
  subOrderNo: string;
  orderFee: number; // CNY fen
  transportFee: number | null;
  productFee: number | null;
  declareNumber: string;
  identityCheck: "PASS" | "FAIL" | "UNCHECKED";
  status: "SUBMITTED" | "PROCESSING" | "SUCCESS" | "EXCEPT" | "CORRECTED";
  correctedBy: string | null;
  submittedAt: number;
  timeModified: number;
  submissions: number;
};

export type Delivery = {
  id: string;
  merchantId: string;
  url: string;
  body: Record<string, string | number>;
  format: "json" | "form";
  attempts: { at: number; status: number | null; error: string | null }[];
  state: "pending" | "delivered" | "failed" | "dropped";
  nextAttemptAt: number | null;
  createdAt: number;
};

export type FaultRule = {
  id: string;
  method?: string;
  pathPrefix?: string;
  fault: string;
  remaining: number | null;
};

export type State = {
  version: 1;
  clockOffsetMs: number;
  seq: number;
  merchants: Record<string, Merchant>;
  tokens: Record<string, AccessToken>;
  transactions: Record<string, Charge | Capture | Refund | Cancel | Chargeback>;
  chargeTokens: Record<string, string>;
  /** merchantId → reference → owner id; one namespace across charge, capture, refund, cancel and vault */
  references: Record<string, Record<string, string>>;
  vault: Record<string, VaultToken>;
  declarations: Record<string, Declaration>;
  deliveries: Record<string, Delivery>;
  faults: FaultRule[];
  webhookFaults: { mode: "none" | "drop" | "duplicate" | "reorder"; remaining: number | null };
  webhookRetry: { baseMs: number; maxAttempts: number };
};

export function emptyState(): State {
  return {
    version: 1,
    clockOffsetMs: 0,
    seq: 0,
    merchants: {},
    tokens: {},
    transactions: {},
    chargeTokens: {},
    references: {},
    vault: {},
    declarations: {},
    deliveries: {},
    faults: [],
    webhookFaults: { mode: "none", remaining: null },
    webhookRetry: { baseMs: 1000, maxAttempts: 8 },
  };
}
