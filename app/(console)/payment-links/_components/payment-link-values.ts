// The payment-link form's fields as typed: the form and its schema (loaded at the first check) share them.

export type PaymentLinkValues = {
  kind: string;
  vendor: string;
  amount: string;
  currency: string;
  reference: string;
  callbackUrl: string;
  callbackUrlSuccess: string;
  callbackUrlFail: string;
  mobileResultUrl: string;
  allowDuplicates: boolean;
};
