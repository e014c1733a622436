-- The dashboard's daily figures (docs/decisions/068-dashboard-rollups.md): every write of an
-- order that changes what its Montevideo day counts (requested, concluded, value concluded)
-- appends that difference to order_day_changes, in the writer's transaction. Appending never
-- waits on another transaction: no row is shared between writers, so a burst of quote requests
-- or a job changing many orders cannot queue or deadlock on a day. The jobs loop folds the
-- changes into order_days (services/dashboard/order-days.ts); readers add both.
CREATE FUNCTION record_order_day_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_day date;
  new_day date;
  old_concluded integer := 0;
  new_concluded integer := 0;
  old_value numeric := 0;
  new_value numeric := 0;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    old_day := (OLD.created_at AT TIME ZONE 'America/Montevideo')::date;
    IF OLD.status = 'Concretado' THEN
      old_concluded := 1;
      old_value := OLD.total_amount;
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_day := (NEW.created_at AT TIME ZONE 'America/Montevideo')::date;
    IF NEW.status = 'Concretado' THEN
      new_concluded := 1;
      new_value := NEW.total_amount;
    END IF;
  END IF;
  IF old_day = new_day THEN
    -- An update that leaves the order on its day: only what it concluded can differ (most
    -- status changes, 'Cotización' to 'Modificado', change nothing and write nothing).
    IF new_concluded <> old_concluded OR new_value <> old_value THEN
      INSERT INTO order_day_changes (day, requested, concluded, concluded_value)
        VALUES (new_day, 0, new_concluded - old_concluded, new_value - old_value);
    END IF;
  ELSE
    IF old_day IS NOT NULL THEN
      INSERT INTO order_day_changes (day, requested, concluded, concluded_value)
        VALUES (old_day, -1, -old_concluded, -old_value);
    END IF;
    IF new_day IS NOT NULL THEN
      INSERT INTO order_day_changes (day, requested, concluded, concluded_value)
        VALUES (new_day, 1, new_concluded, new_value);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_day_figures
  AFTER INSERT OR DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION record_order_day_change();
--> statement-breakpoint
CREATE TRIGGER orders_day_figures_update
  AFTER UPDATE OF status, total_amount, created_at ON orders
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status
        OR OLD.total_amount IS DISTINCT FROM NEW.total_amount
        OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION record_order_day_change();
--> statement-breakpoint
-- TRUNCATE fires no row trigger: emptying orders empties their days too.
CREATE FUNCTION clear_order_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_day_changes;
  DELETE FROM order_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_day_figures_truncate
  AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION clear_order_days();
--> statement-breakpoint
-- The orders already there, in one statement. The triggers above exist from here on in this
-- transaction, and CREATE TRIGGER holds a lock that keeps other writers of orders waiting
-- until it commits, so no order is counted twice or missed.
INSERT INTO order_days (day, requested, concluded, concluded_value)
SELECT (created_at AT TIME ZONE 'America/Montevideo')::date,
       count(*),
       count(*) FILTER (WHERE status = 'Concretado'),
       coalesce(sum(total_amount) FILTER (WHERE status = 'Concretado'), 0)
FROM orders
GROUP BY 1;
