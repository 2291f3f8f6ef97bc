import { BOOT_DATA_ELEMENT_ID, type BootData, bootDataSchema } from "@contracts/public-config";

const fallback: BootData = {
  config: { paymentMode: "emulator", stripePublishableKey: "", emulatorUrl: null },
};

function readBootData(): BootData {
  const element = document.getElementById(BOOT_DATA_ELEMENT_ID);
  if (!element?.textContent) return fallback;
  try {
    return bootDataSchema.parse(JSON.parse(element.textContent));
  } catch {
    return fallback;
  }
}

/** Read once: the server wrote it into the page (a JSON script tag, so CSP stays strict). */
export const bootData = readBootData();
export const publicConfig = bootData.config;
