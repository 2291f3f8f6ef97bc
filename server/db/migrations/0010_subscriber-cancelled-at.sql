ALTER TABLE "subscribers" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
-- Backfill: a cancelled subscriber ended when its Stripe subscription row last changed (the sync
-- writes status "canceled" there); never before it began.
UPDATE "subscribers" AS s
SET "cancelled_at" = greatest(s."created_at", coalesce(
  (SELECT max(p."updated_at") FROM "payment_subscriptions" p WHERE p."subscriber_id" = s."id"),
  s."created_at"))
WHERE s."payment_status" = 'cancelled' AND s."cancelled_at" IS NULL;--> statement-breakpoint
-- ADR 010: the release before this one marks subscribers cancelled without a date. So does any
-- writer that forgets: the database dates those at the moment of the change, so the CHECK
-- below never refuses a cancellation and churn never misses one.
CREATE FUNCTION "subscribers_date_cancellation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."cancelled_at" := greatest(now(), NEW."created_at");
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "subscribers_date_cancellation"
BEFORE INSERT OR UPDATE OF "payment_status" ON "subscribers"
FOR EACH ROW WHEN (NEW."payment_status" = 'cancelled' AND NEW."cancelled_at" IS NULL)
EXECUTE FUNCTION "subscribers_date_cancellation"();--> statement-breakpoint
ALTER TABLE "subscribers" ADD CONSTRAINT "subscribers_cancelled_at" CHECK (("subscribers"."payment_status" = 'cancelled') = ("subscribers"."cancelled_at" is not null) and "subscribers"."cancelled_at" >= "subscribers"."created_at");
