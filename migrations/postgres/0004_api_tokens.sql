CREATE TABLE "api_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_sub" text NOT NULL,
	"owner_claims" jsonb NOT NULL,
	"name" text NOT NULL,
	"scope" text NOT NULL,
	"secret_sha256" text NOT NULL,
	"created_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	"last_used_at" bigint,
	"revoked_at" bigint,
	CONSTRAINT "api_tokens_secret_sha256_unique" UNIQUE("secret_sha256")
);
--> statement-breakpoint
CREATE INDEX "api_tokens_owner_idx" ON "api_tokens" USING btree ("owner_sub");