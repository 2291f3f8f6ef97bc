CREATE TABLE "stripe_sync_order" (
	"stripe_subscription_id" text PRIMARY KEY NOT NULL,
	"last_ticket" bigint NOT NULL,
	"written_read_end" bigint DEFAULT 0 NOT NULL
);
