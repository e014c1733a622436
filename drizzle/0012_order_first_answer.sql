ALTER TABLE "orders" ADD COLUMN "first_answered_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_waiting_created_at_idx" ON "orders" USING btree ("created_at","id") WHERE "orders"."status" = 'Cotización' and "orders"."first_answered_at" is null;--> statement-breakpoint
-- Added by hand after generation (drizzle-kit does not write triggers). A staff answer is a
-- status change made by a person after the initial row, a quote revision, or a message from
-- the staff (docs/decisions/044-first-answer-column.md). Each of those inserts moves
-- orders.first_answered_at to the earliest answer, in the same transaction as the answer.
CREATE FUNCTION record_first_staff_answer() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  answered timestamptz := (to_jsonb(NEW) ->> TG_ARGV[0])::timestamptz;
BEGIN
  UPDATE orders SET first_answered_at = answered
    WHERE id = NEW.order_id AND (first_answered_at IS NULL OR first_answered_at > answered);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER order_status_history_first_answer
  AFTER INSERT ON order_status_history FOR EACH ROW
  WHEN (NEW.actor = 'user' AND NEW.changed_by IS NOT NULL AND NEW.from_status IS NOT NULL)
  EXECUTE FUNCTION record_first_staff_answer('changed_at');
--> statement-breakpoint
CREATE TRIGGER quote_revisions_first_answer
  AFTER INSERT ON quote_revisions FOR EACH ROW
  EXECUTE FUNCTION record_first_staff_answer('created_at');
--> statement-breakpoint
CREATE TRIGGER order_messages_first_answer
  AFTER INSERT ON order_messages FOR EACH ROW WHEN (NEW.author_role = 'admin')
  EXECUTE FUNCTION record_first_staff_answer('created_at');
--> statement-breakpoint
-- The orders answered before this migration.
UPDATE orders o SET first_answered_at = a.answered_at
FROM (
  SELECT order_id, min(answered_at) AS answered_at FROM (
    SELECT order_id, changed_at AS answered_at FROM order_status_history
      WHERE actor = 'user' AND changed_by IS NOT NULL AND from_status IS NOT NULL
    UNION ALL SELECT order_id, created_at FROM quote_revisions
    UNION ALL SELECT order_id, created_at FROM order_messages WHERE author_role = 'admin'
  ) answers GROUP BY order_id
) a
WHERE a.order_id = o.id;
