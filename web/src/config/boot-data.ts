import { BOOT_DATA_ELEMENT_ID, type BootData } from "@contracts/public-config";

const fallback: BootData = {
  config: { paymentMode: "emulator", stripePublishableKey: "", emulatorUrl: null },
};

function isBootData(value: unknown): value is BootData {
  const config = (value as BootData | null)?.config;
  return typeof config?.paymentMode === "string" && typeof config.stripePublishableKey === "string";
}

function readBootData(): BootData {
  const element = document.getElementById(BOOT_DATA_ELEMENT_ID);
  if (!element?.textContent) return fallback;
  try {
    const parsed: unknown = JSON.parse(element.textContent);
    return isBootData(parsed) ? parsed : fallback;
  } catch {
    return fallback;
  }
}

/**
 * Read once: the server wrote it into the page (a JSON script tag, so CSP stays strict).
 * Trusted as our own output, so it is shape-checked rather than parsed with zod, which would
 * add a quarter of the landing page's JavaScript budget.
 */
export const bootData = readBootData();
export const publicConfig = bootData.config;
