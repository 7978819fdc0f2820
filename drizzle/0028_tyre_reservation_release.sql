-- A booking's reservation of tyres (docs/decisions/423-stock-aware-booking.md) keeps
-- tyre_stock.reserved equal to the sum of its rows: a reservation row deleted, by itself or with
-- its job or its stock row, gives its tyres back, and a job that ends (cancelled, a lapsed hold
-- included, or done) deletes its reservation. Nothing here runs on the booking's insert.
CREATE FUNCTION tyre_reservation_released() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tyre_stock SET reserved = reserved - OLD.quantity, updated_at = now() WHERE id = OLD.stock_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER tyre_stock_reservations_release AFTER DELETE ON tyre_stock_reservations
  FOR EACH ROW EXECUTE FUNCTION tyre_reservation_released();
--> statement-breakpoint
CREATE FUNCTION job_tyre_reservation_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM tyre_stock_reservations WHERE job_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER jobs_tyre_reservation_end AFTER UPDATE OF status ON jobs
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status AND NEW.status IN ('cancelled', 'completed', 'invoiced', 'paid'))
  EXECUTE FUNCTION job_tyre_reservation_ended();
