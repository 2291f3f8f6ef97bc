// The server build's entry (`vite build --ssr`): the same components the browser hydrates.
import type { PublicOffering } from "@contracts/landing";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { LandingApp } from "./components/landing-app";

export function renderLandingApp(offering: PublicOffering | null): string {
  return renderToString(
    <StrictMode>
      <LandingApp offering={offering} />
    </StrictMode>,
  );
}
