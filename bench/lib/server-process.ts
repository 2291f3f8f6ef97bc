import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  emulatorUrl: string;
  /** Peak resident memory (MB) since start or the last reset. */
  peakRssMb(): number;
  rssMb(): number;
  resetPeak(): void;
  stop(): Promise<void>;
}

function statusField(pid: number, field: string): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith(`${field}:`));
  return line ? Number(line.replace(/\D+/g, "")) / 1024 : 0;
}

/** Starts a script under node + tsx as ONE process, so /proc gives the server's own memory. */
export async function startServerProcess(
  script: string,
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<ServerProcess & { startupMs: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    env: { ...process.env, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const ready = await new Promise<{ port: string; emulatorUrl: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} did not start in time`)), timeoutMs);
    let buffer = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      buffer += chunk.toString();
      const match = /READY (\d+) ?(\S*)/.exec(buffer);
      if (match) {
        clearTimeout(timer);
        resolve({ port: match[1]!, emulatorUrl: match[2] ?? "" });
      }
    });
    child.once("exit", (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  const pid = child.pid!;
  return {
    child,
    startupMs: performance.now() - started,
    baseUrl: `http://127.0.0.1:${ready.port}`,
    emulatorUrl: ready.emulatorUrl,
    peakRssMb: () => statusField(pid, "VmHWM"),
    rssMb: () => statusField(pid, "VmRSS"),
    resetPeak: () => writeFileSync(`/proc/${pid}/clear_refs`, "5"),
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 5_000).unref();
      }),
  };
}

/** Time from spawning `npm start`'s server step to a 200 on /api/health. */
export async function measureColdStart(env: Record<string, string>): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: { ...process.env, LOG_LEVEL: "warn", ...env },
    stdio: "ignore",
  });
  try {
    for (;;) {
      try {
        const response = await fetch(`http://127.0.0.1:${env.PORT}/api/health`);
        if (response.status === 200) return performance.now() - started;
      } catch {
        // not listening yet
      }
      if (child.exitCode !== null) throw new Error("server exited during cold start");
      await new Promise((r) => setTimeout(r, 25));
    }
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  }
}
