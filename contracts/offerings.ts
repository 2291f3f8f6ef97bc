import { z } from "zod";
import { categoryIds } from "./catalogue";

const MAX_PRICE_CENTS = 10_000_000; // $100,000.00 a month: far above any small service.

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const priceCentsSchema = z
  .number({ error: "Price must be a number" })
  .int("Price must be in whole cents")
  .min(0, "Price must be at least $0.00")
  .max(MAX_PRICE_CENTS, "Price must be at most $100,000.00");

export const createOfferingSchema = z
  .object({
    title: text("Title", 120),
    category: z.enum(categoryIds, { error: "Choose a category" }),
    subcategory: text("Service type", 80),
    description: text("Description", 2000),
    priceCents: priceCentsSchema,
  })
  .strict();
export type CreateOfferingInput = z.infer<typeof createOfferingSchema>;

export const updateOfferingSchema = z
  .object({
    title: text("Title", 120),
    description: text("Description", 2000),
    priceCents: priceCentsSchema,
  })
  .strict();
export type UpdateOfferingInput = z.infer<typeof updateOfferingSchema>;

export const setOfferingStatusSchema = z
  .object({ isActive: z.boolean({ error: "isActive must be true or false" }) })
  .strict();

export const offeringSchema = z.object({
  id: z.string(),
  title: z.string(),
  category: z.string(),
  subcategory: z.string(),
  description: z.string(),
  priceCents: z.number().int(),
  customUrl: z.string(),
  isActive: z.boolean(),
  creatorName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Offering = z.infer<typeof offeringSchema>;

export const offeringListSchema = z.object({ offerings: z.array(offeringSchema) });
export const offeringResponseSchema = z.object({ offering: offeringSchema });
