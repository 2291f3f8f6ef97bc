import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

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
    // Landing pages get their own small entry: no router, no data library, no dashboard.
    // The server build (`--ssr`) names its own entry instead.
    rolldownOptions: isSsrBuild
      ? {}
      : {
          input: {
            index: path.resolve(import.meta.dirname, "web/index.html"),
            landing: path.resolve(import.meta.dirname, "web/landing.html"),
          },
          output: {
            // Both entries share React: one cached file with a name that says so.
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
