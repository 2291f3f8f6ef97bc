export type { EmulatorOptions, EmulatorWebhookEndpoint, RunningEmulator } from "./start";
export { startStripeEmulator } from "./start";
