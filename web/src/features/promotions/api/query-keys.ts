/** The creator's promo codes (GET /api/promo-codes): their uses change with every sign-up. */
export const promoCodesQueryKey = ["promo-codes"] as const;
