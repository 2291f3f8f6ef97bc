import { splitPlatformFee } from "@contracts/money";
import { FREE_PLAN_FEE_PERCENT } from "@contracts/plans";

// One invented offering, so every illustration on the site tells the same story.
export const sampleOffering = {
  title: "Weekly Lawn Care",
  business: "Green Thumb Lawn Co.",
  priceCents: 12_000,
  benefits: ["Mowing every week", "Edging and blowing", "Seasonal clean-up"],
};

export const sampleSplit = splitPlatformFee(sampleOffering.priceCents, FREE_PLAN_FEE_PERCENT);
