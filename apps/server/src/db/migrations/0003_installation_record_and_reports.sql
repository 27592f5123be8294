CREATE TABLE "generated_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"format" text NOT NULL,
	"title" text NOT NULL,
	"filename" text NOT NULL,
	"body" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
ALTER TABLE "installation_photos" ADD COLUMN "thumbnail_data" text;--> statement-breakpoint
ALTER TABLE "installation_photos" ADD COLUMN "content_hash" text;--> statement-breakpoint
ALTER TABLE "generated_reports" ADD CONSTRAINT "generated_reports_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generated_reports" ADD CONSTRAINT "generated_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "navigator_uploads" ADD CONSTRAINT "navigator_uploads_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "generated_reports_client_idx" ON "generated_reports" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "navigator_uploads_item_uq" ON "navigator_uploads" USING btree ("kind","item_id");--> statement-breakpoint
CREATE INDEX "navigator_uploads_vehicle_idx" ON "navigator_uploads" USING btree ("vehicle_id","content_hash");