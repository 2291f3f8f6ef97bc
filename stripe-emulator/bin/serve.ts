// Runs the emulator on its own: `npx tsx stripe-emulator/bin/serve.ts [port] [stateFile]`.
// Useful when several app instances share one "Stripe", or a test must outlive the app.
import { startStripeEmulator } from "../src/start";

const port = Number(process.argv[2] ?? process.env.STRIPE_EMULATOR_PORT ?? 12111);
const stateFile = process.argv[3] ?? process.env.STRIPE_EMULATOR_STATE_FILE;
const emulator = await startStripeEmulator({
  port,
  stateFile,
  logger: {
    info: (m) => process.stdout.write(`${m}\n`),
    warn: (m) => process.stderr.write(`${m}\n`),
  },
});
process.stdout.write(`READY ${emulator.url}\n`);
const stop = () => void emulator.stop().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
