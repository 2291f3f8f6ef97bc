import { z } from "zod";

/** The only server values the browser sees; no secrets ever go here. */
export const publicConfigSchema = z.object({
  paymentMode: z.enum(["emulator", "stripe"]),
  stripePublishableKey: z.string(),
  /** Where Stripe.js is loaded from in emulator mode; null with real Stripe. */
  emulatorUrl: z.string().nullable(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** The JSON the server inlines into index.html so the first paint needs no extra request. */
export const bootDataSchema = z.object({
  config: publicConfigSchema,
  landing: z.unknown().optional(),
});
export type BootData = z.infer<typeof bootDataSchema>;

export const BOOT_DATA_ELEMENT_ID = "regulars-boot-data";
