-- The Subscribers tab (issue 13): a creator's subscribers across every offering, searched by
-- part of a name or e-mail, one keyset page at a time. See docs/architecture.md.
--
-- pg_trgm ships with PostgreSQL (contrib; "trusted" since PostgreSQL 13, so the database's owner
-- may create it) and with PGlite as @electric-sql/pglite/contrib/pg_trgm, which openDatabase
-- loads (server/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "payment_subscriptions" ADD COLUMN "cancel_at_period_end" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "user_id" text;--> statement-breakpoint
UPDATE "subscribers" SET "user_id" = "offerings"."user_id" FROM "offerings" WHERE "offerings"."id" = "subscribers"."offering_id";--> statement-breakpoint
-- The creator is the offering's, always: the database copies it on every insert (and if a row
-- ever moved to another offering), so the release before this one, which knows nothing of the
-- column, keeps inserting subscribers during a rolling deploy (ADR 010), and NOT NULL is safe
-- at once.
CREATE FUNCTION "subscribers_copy_creator"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."user_id" := (SELECT "user_id" FROM "offerings" WHERE "id" = NEW."offering_id");
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "subscribers_copy_creator"
BEFORE INSERT OR UPDATE OF "offering_id" ON "subscribers"
FOR EACH ROW EXECUTE FUNCTION "subscribers_copy_creator"();--> statement-breakpoint
ALTER TABLE "subscribers" ALTER COLUMN "user_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "subscribers" ADD CONSTRAINT "subscribers_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscribers_user_created_idx" ON "subscribers" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "subscribers_user_name_idx" ON "subscribers" USING btree ("user_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "subscribers_offering_name_idx" ON "subscribers" USING btree ("offering_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "subscribers_name_trgm_idx" ON "subscribers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "subscribers_email_trgm_idx" ON "subscribers" USING gin ("email" gin_trgm_ops);
