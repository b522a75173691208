CREATE TABLE `retained_packages` (
	`uuid` text PRIMARY KEY NOT NULL,
	`package_id` integer NOT NULL,
	`reason` text NOT NULL,
	`record` text NOT NULL,
	`retained_by` text,
	`retained_at` integer NOT NULL,
	`purge_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `retained_packages_package_id_idx` ON `retained_packages` (`package_id`);--> statement-breakpoint
CREATE INDEX `packages_file_size_idx` ON `packages` (`file_size`);