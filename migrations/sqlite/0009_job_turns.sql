CREATE TABLE `job_turns` (
	`kind` text NOT NULL,
	`uploader` text NOT NULL,
	`served_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `job_turns_queue_unique` ON `job_turns` (`kind`,`uploader`);--> statement-breakpoint
ALTER TABLE `jobs` ADD `uploader` text DEFAULT '' NOT NULL;