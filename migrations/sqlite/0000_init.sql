CREATE TABLE `login_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `login_attempts_key_at_idx` ON `login_attempts` (`key`,`at`);--> statement-breakpoint
CREATE TABLE `oidc_models` (
	`model` text NOT NULL,
	`id` text NOT NULL,
	`payload` text NOT NULL,
	`grant_id` text,
	`user_code` text,
	`uid` text,
	`expires_at` integer,
	`consumed_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `oidc_models_pk` ON `oidc_models` (`model`,`id`);--> statement-breakpoint
CREATE INDEX `oidc_models_grant_idx` ON `oidc_models` (`grant_id`);--> statement-breakpoint
CREATE INDEX `oidc_models_uid_idx` ON `oidc_models` (`uid`);--> statement-breakpoint
CREATE INDEX `oidc_models_expires_idx` ON `oidc_models` (`expires_at`);--> statement-breakpoint
CREATE TABLE `packages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`uuid` text NOT NULL,
	`filename` text NOT NULL,
	`filename_version` integer NOT NULL,
	`file_size` integer NOT NULL,
	`sha256` text NOT NULL,
	`blob_key` text NOT NULL,
	`entry` text NOT NULL,
	`ad_width` integer,
	`ad_height` integer,
	`inspection` text,
	`thumbnail_key` text,
	`uploaded_by` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `packages_uuid_unique` ON `packages` (`uuid`);--> statement-breakpoint
CREATE UNIQUE INDEX `packages_filename_version_unique` ON `packages` (`filename`,`filename_version`);--> statement-breakpoint
CREATE INDEX `packages_created_at_idx` ON `packages` (`created_at`);--> statement-breakpoint
CREATE TABLE `uploads` (
	`uuid` text PRIMARY KEY NOT NULL,
	`filename` text NOT NULL,
	`policy` text NOT NULL,
	`state` text NOT NULL,
	`blob_key` text NOT NULL,
	`file_size` integer,
	`sha256` text,
	`inspection` text,
	`created_by` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `uploads_expires_at_idx` ON `uploads` (`expires_at`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`name` text,
	`password_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);