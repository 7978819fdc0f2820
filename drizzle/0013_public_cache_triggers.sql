-- Public caches (decision 231): every change to what decides a slot's availability, or to a suburb
-- page, NOTIFYs public_cache at commit, so every app instance forgets what it kept. Payloads:
-- 'availability:<day>', 'availability:*' (every day), 'pages:*'. PostgreSQL sends one of each
-- distinct payload per transaction.
CREATE FUNCTION public_cache_job_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('public_cache', 'availability:' || OLD.scheduled_day::text);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify('public_cache', 'availability:' || NEW.scheduled_day::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER jobs_public_cache AFTER INSERT OR DELETE ON jobs
  FOR EACH ROW EXECUTE FUNCTION public_cache_job_changed();
--> statement-breakpoint
CREATE TRIGGER jobs_public_cache_update AFTER UPDATE ON jobs
  FOR EACH ROW
  WHEN (OLD.scheduled_day IS DISTINCT FROM NEW.scheduled_day OR OLD.time_slot IS DISTINCT FROM NEW.time_slot
        OR OLD.status IS DISTINCT FROM NEW.status OR OLD.payment_status IS DISTINCT FROM NEW.payment_status
        OR OLD.payment_method IS DISTINCT FROM NEW.payment_method)
  EXECUTE FUNCTION public_cache_job_changed();
--> statement-breakpoint
CREATE FUNCTION public_cache_slot_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('public_cache', 'availability:' || OLD.date::text);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify('public_cache', 'availability:' || NEW.date::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER time_slots_public_cache AFTER INSERT OR UPDATE OR DELETE ON time_slots
  FOR EACH ROW EXECUTE FUNCTION public_cache_slot_changed();
--> statement-breakpoint
CREATE FUNCTION public_cache_hold_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  hold_day date;
BEGIN
  -- A hold's lapse time decides when its slot frees; its job's row says which day that is. No row:
  -- the job was deleted with it, and the job's own trigger named the day.
  SELECT scheduled_day INTO hold_day FROM jobs WHERE id = COALESCE(NEW.job_id, OLD.job_id);
  IF hold_day IS NOT NULL THEN
    PERFORM pg_notify('public_cache', 'availability:' || hold_day::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER booking_holds_public_cache AFTER INSERT OR DELETE ON booking_holds
  FOR EACH ROW EXECUTE FUNCTION public_cache_hold_changed();
--> statement-breakpoint
CREATE TRIGGER booking_holds_public_cache_update AFTER UPDATE ON booking_holds
  FOR EACH ROW
  WHEN (OLD.expires_at IS DISTINCT FROM NEW.expires_at OR OLD.job_id IS DISTINCT FROM NEW.job_id)
  EXECUTE FUNCTION public_cache_hold_changed();
--> statement-breakpoint
CREATE FUNCTION public_cache_all_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('public_cache', TG_ARGV[0]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER jobs_public_cache_truncate AFTER TRUNCATE ON jobs
  FOR EACH STATEMENT EXECUTE FUNCTION public_cache_all_changed('availability:*');
--> statement-breakpoint
CREATE TRIGGER time_slots_public_cache_truncate AFTER TRUNCATE ON time_slots
  FOR EACH STATEMENT EXECUTE FUNCTION public_cache_all_changed('availability:*');
--> statement-breakpoint
CREATE TRIGGER booking_holds_public_cache_truncate AFTER TRUNCATE ON booking_holds
  FOR EACH STATEMENT EXECUTE FUNCTION public_cache_all_changed('availability:*');
--> statement-breakpoint
CREATE TRIGGER suburb_landing_pages_public_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON suburb_landing_pages
  FOR EACH STATEMENT EXECUTE FUNCTION public_cache_all_changed('pages:*');
