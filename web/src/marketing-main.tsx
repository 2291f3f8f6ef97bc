// The prerendered marketing pages' entry: it hydrates their islands (island.tsx) and nothing
// else, so a page's JavaScript is React and the pieces that respond to a tap.
import type { ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";
import type { IslandName } from "@/features/marketing/components/island";
import "./marketing.css";

const islands: Record<IslandName, () => Promise<ComponentType>> = {
  "mobile-menu": () =>
    import("@/features/marketing/components/mobile-menu").then((m) => m.MobileMenu),
  "pricing-faq": () =>
    import("@/features/marketing/components/pricing-faq").then((m) => m.PricingFaq),
};

for (const element of document.querySelectorAll<HTMLElement>("[data-island]")) {
  const load = islands[element.dataset.island as IslandName];
  if (!load) continue;
  void load().then((Island) => hydrateRoot(element, <Island />));
}
