import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { childProcessEnv } from "../../config/child-process-env";
import type { Logger } from "../../lib/logger";

/** What the app needs of an emulator, in this process or in a child. */
export interface EmulatorHandle {
  url: string;
  port: number;
  secretKey: string;
  publishableKey: string;
  /** The child's process id (null when the emulator runs in this process). */
  pid(): number | null;
  stop(): Promise<void>;
}

export interface EmulatorProcessOptions {
  /** 0 picks a free port on the first start; restarts keep it, so the URL never changes. */
  port: number;
  stateFile: string | undefined;
  webhookEndpoints: Array<{ url: string; secret: string; connect: boolean }>;
  logger: Logger;
  /** V8's old-space cap for the emulator (MB). */
  heapMb?: number;
  readyTimeoutMs?: number;
}

/**
 * The emulator's own heap cap. It holds the business's customers and subscriptions, not its
 * history (about 40 MB live at 1,000 subscribers); V8 lets garbage pile up to near the cap
 * before it collects, so the cap, not the live data, sets the process's resident size.
 */
const DEFAULT_HEAP_MB = 96;
/**
 * V8's young generation may grow to 3 x 16 MB by default, all of it resident once used. 2 MB
 * semi-spaces cost no measurable time here and keep about 35 MB off each process
 * (docs/operations.md); the server's start script sets the same.
 */
const SEMI_SPACE_MB = 2;
const MAX_BACKOFF_MS = 30_000;
/** A child that ran this long before dying starts the back-off again from one second. */
const HEALTHY_AFTER_MS = 60_000;

/**
 * How to run the emulator on its own: the compiled `stripe-emulator.js` beside this module when
 * the server runs as built JavaScript (dist/server), otherwise the package's TypeScript entry
 * (`@regulars/stripe-emulator/serve`) under tsx.
 */
function emulatorCommand(): { command: string; args: string[] } {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const compiled = path.join(here, "stripe-emulator.js");
  if (!fileURLToPath(import.meta.url).endsWith(".ts") && existsSync(compiled))
    return { command: process.execPath, args: [compiled] };
  const entry = createRequire(import.meta.url).resolve("@regulars/stripe-emulator/serve");
  return { command: process.execPath, args: ["--import", "tsx", entry] };
}

/**
 * Runs the Stripe emulator as a child process with its own heap, supervised: it is started and
 * awaited (its "READY <url>" line), restarted with back-off (1 s doubling to 30 s) if it exits
 * unexpectedly, and stopped with SIGTERM (SIGKILL after 5 s) on `stop`. It also exits by itself
 * when this process dies (its IPC channel closes), so a killed server leaves no orphan. The
 * webhook endpoints and their fixed secrets are handed to it on every start.
 */
export async function startEmulatorProcess(
  options: EmulatorProcessOptions,
): Promise<EmulatorHandle> {
  const log = options.logger.child({ component: "stripe-emulator" });
  let port = options.port;
  let child: ChildProcess | null = null;
  let isStopping = false;
  let backoffMs = 1_000;
  let restartTimer: NodeJS.Timeout | null = null;

  async function launch(): Promise<string> {
    const { command, args } = emulatorCommand();
    const started = Date.now();
    const next = spawn(
      command,
      [...args, String(port), ...(options.stateFile ? [options.stateFile] : [])],
      {
        env: childProcessEnv(
          {
            NODE_OPTIONS: `--max-old-space-size=${options.heapMb ?? DEFAULT_HEAP_MB} --max-semi-space-size=${SEMI_SPACE_MB}`,
            STRIPE_EMULATOR_WEBHOOKS: JSON.stringify(options.webhookEndpoints),
            STRIPE_EMULATOR_EXIT_WITH_PARENT: "1",
          },
          // Fewer malloc arenas: less memory kept back by glibc after bursts of work.
          { MALLOC_ARENA_MAX: "2" },
        ),
        stdio: ["ignore", "pipe", "pipe", "ipc"],
      },
    );
    child = next;
    const ready = new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        next.kill("SIGKILL");
        reject(new Error("the Stripe emulator did not start in time"));
      }, options.readyTimeoutMs ?? 30_000);
      createInterface({ input: next.stdout! }).on("line", (line) => {
        const found = /^READY (\S+)/.exec(line);
        if (found) {
          clearTimeout(timer);
          resolve(found[1]!);
        } else if (line.trim()) log.info(line);
      });
      createInterface({ input: next.stderr! }).on("line", (line) => {
        if (line.trim()) log.warn(line);
      });
      next.once("exit", (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`the Stripe emulator exited (${signal ?? code}) before it was ready`));
      });
    });
    next.once("exit", (code, signal) => {
      if (child !== next) return;
      child = null;
      if (isStopping) return;
      if (Date.now() - started > HEALTHY_AFTER_MS) backoffMs = 1_000;
      log.error(
        { code, signal, restartInMs: backoffMs },
        "the Stripe emulator exited unexpectedly; restarting it",
      );
      scheduleRestart();
    });
    return ready;
  }

  function scheduleRestart() {
    const delay = backoffMs;
    backoffMs = Math.min(backoffMs * 2, MAX_BACKOFF_MS);
    restartTimer = setTimeout(() => {
      restartTimer = null;
      if (isStopping) return;
      launch().then(
        (url) => log.info({ url }, "the Stripe emulator is back"),
        (error: unknown) => {
          // Its exit handler schedules the next attempt; a start that timed out was killed.
          log.error({ err: error }, "the Stripe emulator failed to restart");
        },
      );
    }, delay);
    restartTimer.unref();
  }

  const url = await launch().catch((error: unknown) => {
    isStopping = true;
    throw error;
  });
  port = Number(new URL(url).port);
  return {
    url,
    port,
    secretKey: "sk_test_emulator",
    publishableKey: "pk_test_emulator",
    pid: () => child?.pid ?? null,
    async stop() {
      isStopping = true;
      if (restartTimer) clearTimeout(restartTimer);
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      await new Promise<void>((resolve) => {
        const kill = setTimeout(() => running.kill("SIGKILL"), 5_000);
        running.once("exit", () => {
          clearTimeout(kill);
          resolve();
        });
        running.kill("SIGTERM");
      });
    },
  };
}
