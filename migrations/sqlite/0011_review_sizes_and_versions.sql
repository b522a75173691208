CREATE TABLE `review_link_versions` (
	`link_id` text NOT NULL,
	`package_uuid` text NOT NULL,
	`filename` text NOT NULL,
	`shown_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `review_link_versions_unique` ON `review_link_versions` (`link_id`,`package_uuid`);--> statement-breakpoint
CREATE TABLE `review_unlock_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`link_id` text NOT NULL,
	`address` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `review_unlock_attempts_link_idx` ON `review_unlock_attempts` (`link_id`,`at`);--> statement-breakpoint
CREATE INDEX `review_unlock_attempts_address_idx` ON `review_unlock_attempts` (`address`,`at`);--> statement-breakpoint
ALTER TABLE `review_links` ADD `sizes` text DEFAULT '[]' NOT NULL;