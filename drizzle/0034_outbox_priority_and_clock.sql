DROP INDEX "outbox_pending_idx";--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "created_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "outbox" ALTER COLUMN "next_attempt_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "outbox" ALTER COLUMN "next_attempt_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "priority" smallint DEFAULT 2 NOT NULL;--> statement-breakpoint
CREATE INDEX "outbox_claim_idx" ON "outbox" USING btree ("priority","id") WHERE delivered_at is null;