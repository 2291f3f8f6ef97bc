DROP INDEX "email_outbox_to_created_idx";--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "unsolicited_mailbox" text;--> statement-breakpoint
CREATE INDEX "email_outbox_unsolicited_idx" ON "email_outbox" USING btree ("unsolicited_mailbox","created_at") WHERE "email_outbox"."unsolicited_mailbox" is not null;