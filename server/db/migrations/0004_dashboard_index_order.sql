DROP INDEX "creator_earnings_user_date_idx";--> statement-breakpoint
DROP INDEX "offerings_user_created_idx";--> statement-breakpoint
DROP INDEX "subscribers_offering_created_idx";--> statement-breakpoint
CREATE INDEX "creator_earnings_user_date_idx" ON "creator_earnings" USING btree ("user_id","payment_date" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "offerings_user_created_idx" ON "offerings" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "subscribers_offering_created_idx" ON "subscribers" USING btree ("offering_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);