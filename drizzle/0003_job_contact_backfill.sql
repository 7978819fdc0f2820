-- Jobs booked before each job kept its own contact take the contact their customer has now
-- (the best record there is of what was given; decision 191).
UPDATE "jobs" SET
  "contact_name" = "customers"."name",
  "contact_phone" = "customers"."phone",
  "contact_email" = "customers"."email"
FROM "customers"
WHERE "customers"."id" = "jobs"."customer_id" AND "jobs"."contact_name" IS NULL;
