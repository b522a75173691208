CREATE TABLE `live_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`session_id` text NOT NULL,
	`device` text NOT NULL,
	`at` integer NOT NULL,
	`kind` text NOT NULL,
	`detail` text
);
--> statement-breakpoint
CREATE INDEX `live_lines_session_id_idx` ON `live_lines` (`session_id`,`id`);--> statement-breakpoint
CREATE TABLE `live_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`secret_sha256` text NOT NULL,
	`package_uuid` text NOT NULL,
	`owner_sub` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`ended_at` integer,
	`line_count` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `live_sessions_secret_sha256_unique` ON `live_sessions` (`secret_sha256`);--> statement-breakpoint
CREATE INDEX `live_sessions_expires_at_idx` ON `live_sessions` (`expires_at`);