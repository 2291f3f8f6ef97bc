import { readFileSync } from "node:fs";
import path from "node:path";
import type { Context, MiddlewareHandler } from "hono";
import type { CustomerPortal } from "../../../contracts/customer-portal";
import type { BootData } from "../../../contracts/public-config";
import type { AppEnv } from "../../http/app-env";
import { parseCustomUrlParam, parseUuidParam } from "../../http/params";
import { inlineStylesheets } from "./inline-stylesheets";
import { escapeHtml, renderIndexHtml } from "./render-index-html";
import type { SelfServiceRenderer } from "./standalone-renderer";

/** The self-service page's subscription; throws AppError("not_found") when there is none. */
export type CustomerPortalReader = (ref: {
  customUrl: string;
  manageKey: string;
}) => Promise<CustomerPortal>;

export interface StandalonePageOptions {
  distDir: string;
  /** web/standalone.html as built, its stylesheet inline. */
  template: string;
  renderSelfService?: SelfServiceRenderer | null;
  readCustomerPortal?: CustomerPortalReader;
  /** Counts a self-service page in its API's bucket; throws AppError("rate_limited") past it. */
  limitSelfServiceLookup?: MiddlewareHandler;
}

const selfServicePath = /^\/customer\/([^/]+)\/([^/]+)\/?$/;
const NOT_FOUND = "Subscription Not Found";
/** A manage link is private: the page stays out of search whatever robots.txt says. */
const selfServiceHead = [
  "<title>Manage Your Subscription</title>",
  `<meta name="description" content="Your subscription: its status, your e-mail address, your payment method and cancelling." />`,
  `<meta name="robots" content="noindex" />`,
].join("\n    ");
const headPattern = /<!--app-head-->[\s\S]*?<!--\/app-head-->/;

function readPrerendered(distDir: string, name: string): string | null {
  try {
    return readFileSync(path.join(distDir, "prerendered", `${name}.html`), "utf8");
  } catch {
    return null;
  }
}

/**
 * Sign-in and the self-service page arrive drawn (ADR 019): sign-in as the build drew it, the
 * self-service page by the server from the one subscription it shows. Either way the browser
 * hydrates it with the standalone entry. Without the server build they are drawn by the browser.
 */
export function standalonePageResponses({
  distDir,
  template,
  renderSelfService,
  readCustomerPortal,
  limitSelfServiceLookup,
}: StandalonePageOptions) {
  const signInPages: Record<string, string> = {};
  for (const mode of ["signin", "signup"]) {
    const page = readPrerendered(distDir, mode);
    signInPages[mode] = page ? inlineStylesheets(page, distDir) : template;
  }
  const selfServiceTemplate = template.replace(headPattern, () => selfServiceHead);

  async function selfService(c: Context<AppEnv>, bootData: BootData, match: RegExpExecArray) {
    // Every address of the page counts (a trailing slash, another encoding of the same key), as
    // one guess at the API would: the page must not be a cheaper way to try keys.
    await limitSelfServiceLookup?.(c, async () => {});
    if (!renderSelfService || !readCustomerPortal) {
      return c.html(renderIndexHtml(selfServiceTemplate, bootData));
    }
    let portal: CustomerPortal | null;
    let closedMessage: string | null = null;
    try {
      portal = await readCustomerPortal({
        customUrl: parseCustomUrlParam(decode(match[1]), NOT_FOUND),
        manageKey: parseUuidParam(decode(match[2]), NOT_FOUND),
      });
    } catch (error) {
      // Anything but "no such subscription" (or one its business closed) leaves the page to the
      // browser, which asks the API and shows what it answers. Nothing is logged here: the
      // address is a secret.
      const code = (error as { code?: string }).code;
      if (code === "subscription_closed") closedMessage = (error as Error).message;
      else if (code !== "not_found") return c.html(renderIndexHtml(selfServiceTemplate, bootData));
      portal = null;
    }
    const markup = renderSelfService(c.req.path, portal, closedMessage);
    const head = portal
      ? selfServiceTemplate.replace(
          "<title>Manage Your Subscription</title>",
          () => `<title>Manage Your Subscription · ${escapeHtml(portal.offering.title)}</title>`,
        )
      : selfServiceTemplate;
    return c.html(
      renderIndexHtml(
        head,
        { ...bootData, customerPortal: portal, closedSubscriptionMessage: closedMessage },
        undefined,
        markup,
      ),
      portal ? 200 : closedMessage ? 410 : 404,
    );
  }

  return (c: Context<AppEnv>, bootData: BootData) => {
    const match = selfServicePath.exec(c.req.path);
    if (match) return selfService(c, bootData, match);
    const page = signInPages[c.req.query("auth") ?? ""] ?? template;
    return c.html(renderIndexHtml(page, bootData));
  };
}

function decode(segment: string | undefined): string | undefined {
  if (segment === undefined) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
