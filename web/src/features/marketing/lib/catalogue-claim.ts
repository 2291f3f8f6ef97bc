import { categories } from "@contracts/catalogue";

// Counted from the onboarding catalogue, so the claim stays true as the catalogue changes.
export const ideaCount = categories.reduce((sum, c) => sum + c.serviceTypes.length, 0);
export const categoryCount = categories.length;
export const catalogueClaim = `${ideaCount} business ideas across ${categoryCount} categories`;
