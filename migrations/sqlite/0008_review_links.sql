CREATE TABLE `review_comments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`link_id` text NOT NULL,
	`package_uuid` text NOT NULL,
	`filename` text NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`text` text NOT NULL,
	`pin` text,
	`address` text,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `review_comments_link_idx` ON `review_comments` (`link_id`,`at`);--> statement-breakpoint
CREATE TABLE `review_decisions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`link_id` text NOT NULL,
	`package_uuid` text NOT NULL,
	`filename` text NOT NULL,
	`decision` text NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `review_decisions_link_idx` ON `review_decisions` (`link_id`,`at`);--> statement-breakpoint
CREATE INDEX `review_decisions_package_idx` ON `review_decisions` (`package_uuid`);--> statement-breakpoint
CREATE TABLE `review_links` (
	`id` text PRIMARY KEY NOT NULL,
	`secret_sha256` text NOT NULL,
	`filenames` text NOT NULL,
	`password_hash` text,
	`show_checks` integer NOT NULL,
	`devices` text NOT NULL,
	`created_by_sub` text NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `review_links_secret_sha256_unique` ON `review_links` (`secret_sha256`);--> statement-breakpoint
CREATE INDEX `review_links_created_at_idx` ON `review_links` (`created_at`);