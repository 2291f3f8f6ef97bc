// The landing page's own entry: no router and no data library, so the page a customer opens
// from a shared link loads a fraction of the app's JavaScript.
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { bootData } from "@/config/boot-data";
import { LandingApp } from "@/features/landing/components/landing-app";
import "./landing.css";

const root = document.getElementById("root");
if (!root) throw new Error("Missing #root element");

const app = (
  <StrictMode>
    <LandingApp offering={bootData.landing ?? null} />
  </StrictMode>
);
// The server draws the page when its landing build is present; otherwise it is drawn here.
if (root.firstElementChild) hydrateRoot(root, app);
else createRoot(root).render(app);
