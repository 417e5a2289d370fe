// The add-card form's fields as typed: the form and its schema (loaded at the first check) share them.

export type AddressValues = {
  street: string;
  street2: string;
  city: string;
  state: string;
  country: string;
  zip: string;
};

export type AddCardValues = {
  reference: string;
  card: { pan: string; expiry: string; cvv: string; firstName: string; lastName: string };
  billingAddress: AddressValues;
  consumer: {
    reference: string;
    email: string;
    phone: string;
    firstName: string;
    lastName: string;
    shippingAddress: AddressValues;
  };
};
