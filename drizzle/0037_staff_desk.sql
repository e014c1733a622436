CREATE TABLE "order_reads" (
	"user_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "order_reads_user_id_order_id_pk" PRIMARY KEY("user_id","order_id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "last_customer_action_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "last_staff_answer_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "owner_id" integer;--> statement-breakpoint
ALTER TABLE "order_reads" ADD CONSTRAINT "order_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_reads" ADD CONSTRAINT "order_reads_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_last_customer_action_idx" ON "orders" USING btree ("last_customer_action_at");--> statement-breakpoint
CREATE INDEX "orders_owner_id_idx" ON "orders" USING btree ("owner_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
-- Added by hand after generation (drizzle-kit does not write triggers), as drizzle/0012 does:
-- the desk's two instants follow every insert that makes them, in the same transaction
-- (docs/decisions/092-one-desk-for-quotes.md). A customer acts by requesting the quote, writing
-- a message, asking for changes, changing the status themselves (accepting) or asking for a
-- renewal; staff answer with a message or a revision.
CREATE FUNCTION record_customer_action() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  acted timestamptz := (to_jsonb(NEW) ->> TG_ARGV[0])::timestamptz;
BEGIN
  UPDATE orders SET last_customer_action_at = acted
    WHERE id = NEW.order_id AND (last_customer_action_at IS NULL OR last_customer_action_at < acted);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION record_staff_answer() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  answered timestamptz := (to_jsonb(NEW) ->> TG_ARGV[0])::timestamptz;
BEGIN
  UPDATE orders SET last_staff_answer_at = answered
    WHERE id = NEW.order_id AND (last_staff_answer_at IS NULL OR last_staff_answer_at < answered);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION orders_customer_action() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.last_customer_action_at := greatest(NEW.last_customer_action_at, NEW.created_at);
  ELSIF NEW.renewal_requested_at IS NOT NULL
    AND NEW.renewal_requested_at IS DISTINCT FROM OLD.renewal_requested_at THEN
    NEW.last_customer_action_at := greatest(NEW.last_customer_action_at, NEW.renewal_requested_at);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_customer_action
  BEFORE INSERT OR UPDATE OF renewal_requested_at ON orders FOR EACH ROW
  EXECUTE FUNCTION orders_customer_action();
--> statement-breakpoint
CREATE TRIGGER order_messages_customer_action
  AFTER INSERT ON order_messages FOR EACH ROW WHEN (NEW.author_role = 'customer')
  EXECUTE FUNCTION record_customer_action('created_at');
--> statement-breakpoint
CREATE TRIGGER quote_change_requests_customer_action
  AFTER INSERT ON quote_change_requests FOR EACH ROW
  EXECUTE FUNCTION record_customer_action('created_at');
--> statement-breakpoint
CREATE FUNCTION record_customer_status_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM user_roles WHERE user_id = NEW.changed_by AND role = 'customer') THEN
    UPDATE orders SET last_customer_action_at = NEW.changed_at
      WHERE id = NEW.order_id
        AND (last_customer_action_at IS NULL OR last_customer_action_at < NEW.changed_at);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER order_status_history_customer_action
  AFTER INSERT ON order_status_history FOR EACH ROW
  WHEN (NEW.actor = 'user' AND NEW.changed_by IS NOT NULL AND NEW.from_status IS NOT NULL)
  EXECUTE FUNCTION record_customer_status_change();
--> statement-breakpoint
CREATE TRIGGER order_messages_staff_answer
  AFTER INSERT ON order_messages FOR EACH ROW WHEN (NEW.author_role = 'admin')
  EXECUTE FUNCTION record_staff_answer('created_at');
--> statement-breakpoint
CREATE TRIGGER quote_revisions_staff_answer
  AFTER INSERT ON quote_revisions FOR EACH ROW
  EXECUTE FUNCTION record_staff_answer('created_at');
--> statement-breakpoint
-- The orders made before this migration.
UPDATE orders o SET last_customer_action_at = greatest(o.created_at, o.renewal_requested_at,
  (SELECT max(m.created_at) FROM order_messages m WHERE m.order_id = o.id AND m.author_role = 'customer'),
  (SELECT max(c.created_at) FROM quote_change_requests c WHERE c.order_id = o.id),
  (SELECT max(h.changed_at) FROM order_status_history h JOIN user_roles r ON r.user_id = h.changed_by
     WHERE h.order_id = o.id AND r.role = 'customer' AND h.from_status IS NOT NULL)),
  last_staff_answer_at = greatest(
  (SELECT max(m.created_at) FROM order_messages m WHERE m.order_id = o.id AND m.author_role = 'admin'),
  (SELECT max(q.created_at) FROM quote_revisions q WHERE q.order_id = o.id));
