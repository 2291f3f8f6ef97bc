import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";
import type { PublicOffering } from "../../../contracts/landing";

/** Draws the landing page's markup, so the title and price show before any JavaScript runs. */
export type LandingRenderer = (offering: PublicOffering | null) => string;

/**
 * Loads the landing page's server build (`npm run build` writes it). Without one the page is
 * still correct, only drawn by the browser: API-only tests and a server started before a build.
 */
export async function loadLandingRenderer(modulePath: string): Promise<LandingRenderer | null> {
  if (!existsSync(modulePath)) return null;
  const module = (await import(pathToFileURL(modulePath).href)) as {
    renderLandingApp: LandingRenderer;
  };
  return module.renderLandingApp;
}
