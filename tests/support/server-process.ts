import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * How the server runs: from its TypeScript sources under tsx (as `npm run dev` does), or as
 * production does, the compiled `dist/server/main.js` under plain node (`npm run build` first).
 */
export type ServerBuild = "source" | "compiled";

export const COMPILED_SERVER_ENTRY = "dist/server/main.js";

function serverCommand(build: ServerBuild): string[] {
  return build === "compiled" ? [COMPILED_SERVER_ENTRY] : ["--import", "tsx", "server/main.ts"];
}

/**
 * The real server (`server/main.ts`) as its own process, so a test can kill -9 it, and a
 * benchmark time its start: it resolves once /api/health answers 200 (asked every `pollMs`).
 */
export async function startServerProcess(
  env: Record<string, string>,
  port: number,
  build: ServerBuild = "source",
  pollMs = 100,
): Promise<ServerProcess> {
  const inherited = { ...process.env };
  // Production's process: nothing the test runner put in NODE_OPTIONS (a loader) reaches it.
  if (build === "compiled") delete inherited.NODE_OPTIONS;
  const child = spawn(process.execPath, serverCommand(build), {
    env: { ...inherited, LOG_LEVEL: "error", PORT: String(port), SHUTDOWN_DRAIN_MS: "0", ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, pollMs));
  }
  return {
    child,
    baseUrl,
    kill: (signal = "SIGTERM") =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill(signal);
      }),
  };
}
