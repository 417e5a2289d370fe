// What evidence the console keeps: its size and types.

export const EVIDENCE_MAX_BYTES = 10 * 1024 * 1024;

export const EVIDENCE_TYPES = {
  "application/pdf": [".pdf"],
  "image/png": [".png"],
  "image/jpeg": [".jpg", ".jpeg"],
  "image/webp": [".webp"],
} as const;
export type EvidenceType = keyof typeof EVIDENCE_TYPES;
/** The file input's accept: the types by name too, which a phone needs to offer its camera for a photo. */
export const EVIDENCE_ACCEPT = [...Object.keys(EVIDENCE_TYPES), ...Object.values(EVIDENCE_TYPES).flat()].join(",");
