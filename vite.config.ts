import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const entry = (file: string) => path.resolve(import.meta.dirname, file);

export default defineConfig(({ isSsrBuild }) => ({
  root: "web",
  // The server build needs only code: no copy of the public files.
  publicDir: isSsrBuild ? false : "public",
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname, "web/src"),
      "@contracts": path.resolve(import.meta.dirname, "contracts"),
    },
  },
  build: {
    outDir: path.resolve(import.meta.dirname, "dist/web"),
    emptyOutDir: true,
    sourcemap: false,
    // Landing pages get their own small entry: no router, no data library, no dashboard; the
    // prerendered marketing pages another, which hydrates their islands only (ADR 017).
    // The server build (`--ssr`) draws both: landing pages per request, marketing pages once.
    rolldownOptions: isSsrBuild
      ? {
          input: {
            "server-render": entry("web/src/features/landing/server-render.tsx"),
            "marketing-prerender": entry("web/src/features/marketing/prerender.tsx"),
            // Sign-in once at build time, the self-service page per request (ADR 019).
            "standalone-render": entry("web/src/app/standalone/server-render.tsx"),
          } as Record<string, string>,
        }
      : {
          input: {
            index: entry("web/index.html"),
            landing: entry("web/landing.html"),
            marketing: entry("web/marketing.html"),
            // Sign-in and the self-service page: the two screens strangers open that need an
            // app, without the dashboard's gate and routes (ADR 019).
            standalone: entry("web/standalone.html"),
          } as Record<string, string>,
          output: {
            // Every entry shares React: one cached file with a name that says so.
            codeSplitting: {
              groups: [
                { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
              ],
            },
          },
        },
  },
  server: {
    proxy: { "/api": "http://localhost:3000" },
  },
}));
