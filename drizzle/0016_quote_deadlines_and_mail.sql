ALTER TABLE "orders" ADD COLUMN "hold_warned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "renewal_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "message_mail_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_messages" ADD COLUMN "mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quote_revisions" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_message_mail_due_idx" ON "orders" USING btree ("message_mail_due_at") WHERE "orders"."message_mail_due_at" is not null;