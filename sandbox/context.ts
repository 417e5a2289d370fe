import type { Store } from "./store";
import type { Webhooks } from "./webhooks";

export type Ctx = { store: Store; webhooks: Webhooks };
