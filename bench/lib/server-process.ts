import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import {
  type ServerBuild,
  startServerProcess as startServerOnly,
} from "../../tests/support/server-process";

/** A process under measurement: /proc gives its own memory, apart from the bench's. */
export interface MeasuredProcess {
  child: ChildProcess;
  /** Peak resident memory (MB) since start or the last reset. */
  peakRssMb(): number;
  rssMb(): number;
  resetPeak(): void;
  stop(): Promise<void>;
}

export interface ServerProcess extends MeasuredProcess {
  baseUrl: string;
  emulatorUrl: string;
}

export interface EmulatorProcess extends MeasuredProcess {
  url: string;
}

function statusField(pid: number, field: string): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith(`${field}:`));
  return line ? Number(line.replace(/\D+/g, "")) / 1024 : 0;
}

/**
 * The heap limits `npm start` gives the server (package.json): without one V8 sizes its heap to
 * the machine and collects lazily, so a server holding 50 MB of live data grows past 500 MB;
 * 2 MB semi-spaces keep the young generation from holding about 40 MB more.
 */
const SERVER_NODE_OPTIONS = "--max-old-space-size=256 --max-semi-space-size=2";

/** Runs a script under node + tsx as ONE process and waits for the line it prints when ready. */
async function spawnMeasured(
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
  timeoutMs: number,
): Promise<MeasuredProcess & { match: RegExpExecArray }> {
  const child = spawn(process.execPath, ["--import", "tsx", ...args], {
    env: { ...process.env, LOG_LEVEL: "warn", SHUTDOWN_DRAIN_MS: "0", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const match = await new Promise<RegExpExecArray>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${args[0]} did not start in time`)),
      timeoutMs,
    );
    let buffer = "";
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString();
      const found = ready.exec(buffer);
      if (found) {
        clearTimeout(timer);
        // Keep draining whatever it prints later, without holding on to it.
        child.stdout!.off("data", onData).resume();
        resolve(found);
      }
    };
    child.stdout!.on("data", onData);
    child.once("exit", (code) => reject(new Error(`${args[0]} exited with ${code}`)));
  });
  const pid = child.pid!;
  return {
    child,
    match,
    peakRssMb: () => statusField(pid, "VmHWM"),
    rssMb: () => statusField(pid, "VmRSS"),
    resetPeak: () => writeFileSync(`/proc/${pid}/clear_refs`, "5"),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 5_000).unref();
      }),
  };
}

/** The app (bench/lib/bench-server.ts); with STRIPE_EMULATOR_URL it uses that emulator. */
export async function startServerProcess(
  script: string,
  env: Record<string, string>,
  timeoutMs = 60_000,
  /** Flags for node itself; some (--cpu-prof) are refused in NODE_OPTIONS. */
  nodeArgs: string[] = [],
): Promise<ServerProcess & { startupMs: number }> {
  const started = performance.now();
  const { match, ...measured } = await spawnMeasured(
    [...nodeArgs, script],
    { NODE_OPTIONS: SERVER_NODE_OPTIONS, ...env },
    /READY (\d+) ?(\S*)/,
    timeoutMs,
  );
  return {
    ...measured,
    startupMs: performance.now() - started,
    baseUrl: `http://127.0.0.1:${match[1]}`,
    emulatorUrl: match[2] || env.STRIPE_EMULATOR_URL || "",
  };
}

/** The Stripe emulator in its own process, so its memory is measured apart from the app's. */
export async function startEmulatorProcess(port: number, timeoutMs = 30_000) {
  const { match, ...measured } = await spawnMeasured(
    ["stripe-emulator/bin/serve.ts", String(port)],
    {},
    /READY (\S+)/,
    timeoutMs,
  );
  return { ...measured, url: match[1]! } satisfies EmulatorProcess;
}

/**
 * Time from spawning the server to a 200 on /api/health. "compiled" is `npm start`'s server step
 * and production's start (`node dist/server/main.js`, after `npm run build`); "source" is the
 * TypeScript sources under tsx, as `npm run dev` runs them.
 */
export async function measureColdStart(
  env: Record<string, string>,
  build: ServerBuild = "compiled",
): Promise<number> {
  const started = performance.now();
  const server = await startServerOnly(
    { LOG_LEVEL: "warn", NODE_OPTIONS: SERVER_NODE_OPTIONS, ...env },
    Number(env.PORT),
    build,
    25,
  );
  const elapsed = performance.now() - started;
  await server.kill();
  return elapsed;
}
