/** The parameters every Stripe list endpoint takes: a page size, a cursor, a date range. */
export const PAGE_PARAMS = ["limit", "starting_after", "ending_before", "created", "expand"];
