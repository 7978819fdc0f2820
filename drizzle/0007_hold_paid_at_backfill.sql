-- Holds paid before the payment time was kept: the first successful payment event recorded for the
-- job, else the job's last update. Either is long past, so their tokens stop showing personal data
-- at once (decision 193).
UPDATE "booking_holds" SET "paid_at" = coalesce(
  (SELECT min("payment_events"."received_at") FROM "payment_events"
    WHERE "payment_events"."job_id" = "booking_holds"."job_id" AND "payment_events"."type" = 'payment_intent.succeeded'),
  "jobs"."updated_at")
FROM "jobs"
WHERE "jobs"."id" = "booking_holds"."job_id" AND "jobs"."payment_status" = 'paid' AND "booking_holds"."paid_at" IS NULL;
