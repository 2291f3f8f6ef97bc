import { categoryIds } from "@contracts/catalogue";
import { dollarsToCents } from "@contracts/money";
import { z } from "zod";

const required = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** Price as typed, in dollars: empty counts as 0 (spec), at least 0, at most 2 decimals. */
export const priceInputSchema = z
  .string()
  .refine((v) => v.trim() === "" || Number.isFinite(Number(v)), "Price must be a number")
  .refine((v) => v.trim() === "" || Number(v) >= 0, "Price must be at least $0.00")
  .refine(
    (v) => v.trim() === "" || Math.abs(Number(v) * 100 - Math.round(Number(v) * 100)) < 1e-6,
    "Use at most 2 decimals",
  )
  .refine((v) => dollarsToCents(v) <= 10_000_000, "Price must be at most $100,000.00");

export const createOfferingFormSchema = z.object({
  title: required("Title", 120),
  category: z
    .string()
    .min(1, "Category is required")
    .refine((v) => (categoryIds as readonly string[]).includes(v), "Choose a category"),
  subcategory: z.string().min(1, "Service type is required"),
  description: required("Description", 2000),
  price: priceInputSchema,
});
export type CreateOfferingForm = z.infer<typeof createOfferingFormSchema>;

export const editOfferingFormSchema = createOfferingFormSchema.pick({
  title: true,
  description: true,
  price: true,
});
export type EditOfferingForm = z.infer<typeof editOfferingFormSchema>;
