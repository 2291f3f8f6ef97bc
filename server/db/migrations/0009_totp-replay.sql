ALTER TABLE "two_factor" ADD COLUMN "last_used_totp_step" bigint;--> statement-breakpoint
CREATE INDEX "idempotency_records_created_idx" ON "idempotency_records" USING btree ("created_at");