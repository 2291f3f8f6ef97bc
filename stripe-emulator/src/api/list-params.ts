/**
 * The parameters every Stripe list endpoint takes: a page size and a cursor (and `expand`).
 * The `created` range is a filter: the lists that take it name it.
 */
export const PAGE_PARAMS = ["limit", "starting_after", "ending_before", "expand"];
