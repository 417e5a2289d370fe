// The confirm form's fields as typed: the panel and its schema (loaded at the first check) share them.

export type ConfirmValues = { amount: string; method: string; card: { pan: string; expiry: string; cvv: string } };
