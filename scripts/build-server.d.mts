export function buildServer(): Promise<void>;
