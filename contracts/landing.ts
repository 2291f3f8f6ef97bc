import { z } from "zod";

/** What anyone may see of an active offering: its public landing page. */
const publicOfferingSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  priceCents: z.number().int(),
  customUrl: z.string(),
  category: z.string(),
  subcategory: z.string(),
  creatorName: z.string().nullable(),
  creatorEmail: z.string().nullable(),
});
export type PublicOffering = z.infer<typeof publicOfferingSchema>;
