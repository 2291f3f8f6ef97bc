// Runs the emulator on its own: `npx tsx stripe-emulator/bin/serve.ts [port] [stateFile]`.
// `npm start` runs it this way as a child process (server/integrations/stripe/emulator-process.ts);
// it is also how several app instances share one "Stripe", or a test outlives the app.
//
// Environment: STRIPE_EMULATOR_PORT and STRIPE_EMULATOR_STATE_FILE (when not given as arguments);
// STRIPE_EMULATOR_WEBHOOKS, a JSON array of {url, secret, connect} endpoints to configure;
// STRIPE_EMULATOR_EXIT_WITH_PARENT=1 to stop when the parent's IPC channel closes (the parent
// died), so a supervised emulator is never left behind.
import { type EmulatorWebhookEndpoint, startStripeEmulator } from "../src/start";

function webhookEndpoints(): EmulatorWebhookEndpoint[] | undefined {
  const raw = process.env.STRIPE_EMULATOR_WEBHOOKS;
  if (!raw) return undefined;
  const parsed = JSON.parse(raw) as unknown;
  const isEndpoint = (e: unknown): e is EmulatorWebhookEndpoint =>
    typeof e === "object" &&
    e !== null &&
    typeof (e as EmulatorWebhookEndpoint).url === "string" &&
    typeof (e as EmulatorWebhookEndpoint).secret === "string" &&
    typeof (e as EmulatorWebhookEndpoint).connect === "boolean";
  if (!Array.isArray(parsed) || !parsed.every(isEndpoint))
    throw new Error("STRIPE_EMULATOR_WEBHOOKS must be a JSON array of {url, secret, connect}");
  return parsed;
}

const port = Number(process.argv[2] ?? process.env.STRIPE_EMULATOR_PORT ?? 12111);
const stateFile = process.argv[3] ?? process.env.STRIPE_EMULATOR_STATE_FILE;
const emulator = await startStripeEmulator({
  port,
  stateFile,
  webhookEndpoints: webhookEndpoints(),
  logger: {
    info: (m) => process.stdout.write(`${m}\n`),
    warn: (m) => process.stderr.write(`${m}\n`),
  },
});
process.stdout.write(`READY ${emulator.url}\n`);
let isStopping = false;
const stop = () => {
  if (isStopping) return;
  isStopping = true;
  void emulator.stop().then(() => process.exit(0));
};
process.on("SIGTERM", stop);
if (process.env.STRIPE_EMULATOR_EXIT_WITH_PARENT === "1" && process.channel) {
  // Ctrl-C reaches the whole process group: the parent stops this process in its own order.
  process.on("SIGINT", () => {});
  process.on("disconnect", stop);
  // The channel alone doesn't keep this process up; the HTTP server does.
  process.channel.unref();
} else {
  process.on("SIGINT", stop);
}
