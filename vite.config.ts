import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  root: "web",
  publicDir: "public",
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
  },
  server: {
    proxy: { "/api": "http://localhost:3000" },
  },
});
