/** The creator's waitlists, one per offering; a remove or an invite refreshes that one. */
const waitlistsQueryKey = ["waitlist"] as const;
export const waitlistQueryKey = (offeringId: string) => [...waitlistsQueryKey, offeringId] as const;
