ALTER TABLE "installation_photos" ADD COLUMN "thumbnail_data" text;--> statement-breakpoint
ALTER TABLE "installation_photos" ADD COLUMN "content_hash" text;