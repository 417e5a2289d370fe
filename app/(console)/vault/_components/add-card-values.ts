// The add-card form's fields as typed: the form and its schema (loaded at the first check) share them.

export type AddCardValues = {
  reference: string;
  card: { pan: string; expiry: string; cvv: string; firstName: string; lastName: string };
  billingAddress: { street: string; city: string; state: string; country: string; zip: string };
  consumer: { reference: string; email: string; phone: string };
};
