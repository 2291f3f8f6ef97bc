/**
 * Stripe's requirement ids for people: "individual.first_name" → "Individual first name",
 * "external_account" → "External account".
 */
export function humanizeRequirement(id: string): string {
  const text = id.replace(/[._]+/g, " ").replace(/\s+/g, " ").trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}
