CREATE TABLE "job_turns" (
	"kind" text NOT NULL,
	"uploader" text NOT NULL,
	"served_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "uploader" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "job_turns_queue_unique" ON "job_turns" USING btree ("kind","uploader");