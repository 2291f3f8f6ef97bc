import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";
import type { CustomerPortal } from "../../../contracts/customer-portal";

/**
 * Draws the self-service page's markup (web/src/app/standalone/server-render.tsx, ADR 019);
 * `closedMessage` with no portal: the business closed the subscription.
 */
export type SelfServiceRenderer = (
  pathname: string,
  portal: CustomerPortal | null,
  closedMessage?: string | null,
) => string;

/**
 * Loads the standalone pages' server build (`npm run build` writes it). Without one the page
 * is still correct, only drawn by the browser: API-only tests, a server started before a build.
 */
export async function loadSelfServiceRenderer(
  modulePath: string,
): Promise<SelfServiceRenderer | null> {
  if (!existsSync(modulePath)) return null;
  const module = (await import(pathToFileURL(modulePath).href)) as {
    renderSelfServicePage: SelfServiceRenderer;
  };
  return module.renderSelfServicePage;
}
