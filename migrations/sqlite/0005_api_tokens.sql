CREATE TABLE `api_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_sub` text NOT NULL,
	`owner_claims` text NOT NULL,
	`name` text NOT NULL,
	`scope` text NOT NULL,
	`secret_sha256` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`last_used_at` integer,
	`revoked_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_tokens_secret_sha256_unique` ON `api_tokens` (`secret_sha256`);--> statement-breakpoint
CREATE INDEX `api_tokens_owner_idx` ON `api_tokens` (`owner_sub`);