CREATE TABLE "list_tombstones" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"kind" text NOT NULL,
	"row_id" integer NOT NULL,
	"rev" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "delta_floor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "changed_rev" integer;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "changed_rev" integer;--> statement-breakpoint
CREATE INDEX "list_tombstones_client_rev_idx" ON "list_tombstones" USING btree ("client_id","kind","rev");--> statement-breakpoint
CREATE INDEX "devices_client_changed_idx" ON "devices" USING btree ("client_id","changed_rev");--> statement-breakpoint
CREATE INDEX "vehicles_client_changed_idx" ON "vehicles" USING btree ("client_id","changed_rev");