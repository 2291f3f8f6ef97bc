ALTER TABLE "creator_earnings" ADD COLUMN "kind" text DEFAULT 'payment' NOT NULL;--> statement-breakpoint
ALTER TABLE "creator_earnings" ADD COLUMN "stripe_source_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "creator_earnings_payment_invoice_uidx" ON "creator_earnings" USING btree ("stripe_invoice_id") WHERE "creator_earnings"."kind" = 'payment';--> statement-breakpoint
ALTER TABLE "creator_earnings" DROP CONSTRAINT "creator_earnings_stripe_invoice_id_unique";--> statement-breakpoint
CREATE INDEX "creator_earnings_payment_intent_idx" ON "creator_earnings" USING btree ("stripe_payment_intent_id");--> statement-breakpoint
ALTER TABLE "creator_earnings" ADD CONSTRAINT "creator_earnings_stripe_source_id_unique" UNIQUE("stripe_source_id");
