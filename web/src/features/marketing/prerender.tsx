// The server build's entry for the marketing pages (`vite build --ssr`): scripts/build.mjs
// draws each page once, at build time, with the same components the SPA renders.
import type { ComponentType, ReactElement } from "react";
import { renderToString } from "react-dom/server";
import FeaturesPage from "./components/features-page";
import HomePage from "./components/home-page";
import { type IslandName, PrerenderedIslands } from "./components/island";
import { MobileMenu } from "./components/mobile-menu";
import { PricingFaq } from "./components/pricing-faq";
import PricingPage from "./components/pricing-page";
import { CurrentPathProvider } from "./lib/current-path";

export interface PrerenderedPage {
  /** File name under dist/web/prerendered. */
  name: string;
  path: string;
  title: string;
  description: string;
  html: string;
}

const pages: {
  name: string;
  path: string;
  title: string;
  description: string;
  Page: ComponentType;
}[] = [
  {
    name: "home",
    path: "/",
    title: "Regulars — monthly subscriptions for small service businesses",
    description:
      "Sell monthly subscriptions for your lawn care, dog walking, tutoring or any small service. Launch a landing page and get paid every month.",
    Page: HomePage,
  },
  {
    name: "features",
    path: "/features",
    title: "Features — Regulars",
    description:
      "Landing pages, card payments, daily payouts, subscriber management and analytics for monthly service subscriptions.",
    Page: FeaturesPage,
  },
  {
    name: "pricing",
    path: "/pricing",
    title: "Pricing — Regulars",
    description:
      "Start free with no monthly fee: Regulars takes a small share of each payment. Premium ($199/month) lowers the fee to 5%; Professional ($499/month) has no platform fee.",
    Page: PricingPage,
  },
];

// Every island by name (the browser's list is in marketing-main.tsx).
const islandElements: Record<IslandName, ReactElement> = {
  "mobile-menu": <MobileMenu />,
  "pricing-faq": <PricingFaq />,
};

export function prerenderMarketingPages(): PrerenderedPage[] {
  return pages.map(({ Page, ...page }) => {
    const withPath = (element: ReactElement) => (
      <CurrentPathProvider path={page.path}>{element}</CurrentPathProvider>
    );
    // Each island drawn as its own root, as the browser hydrates it.
    const drawn = Object.fromEntries(
      Object.entries(islandElements).map(([name, element]) => [
        name,
        renderToString(withPath(element)),
      ]),
    );
    const html = renderToString(
      <PrerenderedIslands.Provider value={drawn}>{withPath(<Page />)}</PrerenderedIslands.Provider>,
    );
    return { ...page, html };
  });
}
