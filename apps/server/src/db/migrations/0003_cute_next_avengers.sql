CREATE TABLE "navigator_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"vehicle_id" integer NOT NULL,
	"kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"content_hash" text NOT NULL,
	"state" text NOT NULL,
	"external_id" text,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "navigator_uploads" ADD CONSTRAINT "navigator_uploads_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "navigator_uploads_item_uq" ON "navigator_uploads" USING btree ("kind","item_id");--> statement-breakpoint
CREATE INDEX "navigator_uploads_vehicle_idx" ON "navigator_uploads" USING btree ("vehicle_id","content_hash");