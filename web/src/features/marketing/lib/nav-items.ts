import { paths } from "@/config/paths";

export const navItems = [
  { label: "Home", to: paths.home.getHref() },
  { label: "Features", to: paths.features.getHref() },
  { label: "Pricing", to: paths.pricing.getHref() },
] as const;
