import { fileURLToPath } from "node:url";
import { build } from "vite";

const FIXTURES = fileURLToPath(new URL("../fixtures/", import.meta.url));

/** Bundles fixtures/react-card-app.js (React + @stripe/react-stripe-js) into one ES module. */
export async function bundleReactCardApp(): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: "silent",
    root: FIXTURES,
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    build: {
      write: false,
      minify: false,
      rollupOptions: { input: `${FIXTURES}react-card-app.js` },
    },
  });
  const outputs = Array.isArray(result) ? result : [result];
  for (const output of outputs) {
    if (!("output" in output)) continue;
    const chunk = output.output.find((item) => item.type === "chunk");
    if (chunk && chunk.type === "chunk") return chunk.code;
  }
  throw new Error("Vite produced no chunk for the React card app");
}
