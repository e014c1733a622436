-- The fulfilment axis follows the deal into and out of Concretado
-- (docs/decisions/082-dispatches-and-delivery-notes.md): whichever path concludes an order (the
-- buyer's acceptance, a company's approval, staff, a credit approval) starts it at 'Por
-- despachar', without each path knowing about dispatches. Leaving Concretado clears it, and is
-- refused once anything left or was cancelled (services/orders/order-status.ts says so in
-- Spanish first; this is the backstop).
CREATE OR REPLACE FUNCTION orders_fulfilment_follows_status() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF tg_op = 'INSERT' THEN
    IF new.status = 'Concretado' AND new.fulfilment_status IS NULL THEN
      new.fulfilment_status := 'Por despachar';
    END IF;
    RETURN new;
  END IF;
  IF new.status IS DISTINCT FROM old.status THEN
    IF new.status = 'Concretado' THEN
      new.fulfilment_status := 'Por despachar';
      new.delivered_at := NULL;
    ELSIF old.status = 'Concretado' THEN
      IF EXISTS (SELECT 1 FROM dispatches WHERE order_id = new.id)
         OR EXISTS (SELECT 1 FROM remainder_cancellations WHERE order_id = new.id) THEN
        RAISE EXCEPTION 'order % has dispatches and stays Concretado', new.id
          USING ERRCODE = 'check_violation';
      END IF;
      new.fulfilment_status := NULL;
      new.delivered_at := NULL;
    END IF;
  END IF;
  RETURN new;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_fulfilment_follows_status
  BEFORE INSERT OR UPDATE OF status ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_fulfilment_follows_status();
--> statement-breakpoint
-- Orders concluded before dispatches were recorded wait for theirs: nothing says they left.
UPDATE orders SET fulfilment_status = 'Por despachar'
  WHERE status = 'Concretado' AND fulfilment_status IS NULL;
