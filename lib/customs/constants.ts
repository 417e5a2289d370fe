// The customs service's enumerations, without zod, so browser code can use them.
export const VENDORS = ["alipay", "wechatpay", "upop"] as const;
export const PAYMENT_TYPES = ["Hosted", "Online", "InStore"] as const;
export const ID_TYPES = {
  "01": "ID card",
  "02": "Officer certificate",
  "03": "Passport",
  "04": "Hong Kong/Macao permit",
  "05": "Taiwan permit",
  "06": "Police ID",
  "07": "Soldier ID",
  "99": "Other",
} as const;
export const BUSINESS_TYPES = { "1": "Bonded import", "2": "Direct-purchase import" } as const;
