// The payment API's request and response schemas, one module per resource.
export * from "./charges";
export * from "./consults";
export * from "./envelope";
export * from "./operations";
export * from "./vault";
