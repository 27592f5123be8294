CREATE TABLE "campaign_bus_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"bus_id" integer NOT NULL,
	"key" text NOT NULL,
	"state" text NOT NULL,
	"note" text,
	"set_by" integer NOT NULL,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_buses" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"assignee_id" integer,
	"planned_on" text,
	"notes" text,
	"state" text DEFAULT 'planned' NOT NULL,
	"blocker_code" text,
	"blocker_note" text,
	"blocked_by" integer,
	"blocked_at" timestamp with time zone,
	"rework_reason" text,
	"rework_count" integer DEFAULT 0 NOT NULL,
	"submitted_by" integer,
	"submitted_at" timestamp with time zone,
	"exceptions" jsonb,
	"accepted_by" integer,
	"accepted_at" timestamp with time zone,
	"accepted_with_exceptions" boolean DEFAULT false NOT NULL,
	"acceptance_note" text,
	"frozen" jsonb,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"bus_id" integer,
	"actor_id" integer NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"idempotency_key" text
);
--> statement-breakpoint
CREATE TABLE "campaign_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"key" text NOT NULL,
	"label" text NOT NULL,
	"kind" text NOT NULL,
	"device_type" text,
	"quantity" integer,
	"test_key" text,
	"warning_counts" boolean DEFAULT false NOT NULL,
	"photo_type" text,
	"min_count" integer,
	"required" boolean DEFAULT true NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"starts_on" text,
	"due_on" text,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipment_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipment_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"serial" text NOT NULL,
	"device_type" text NOT NULL,
	"imei" text,
	"iccid" text,
	"phone" text,
	"model" text,
	"box" text,
	"status" text DEFAULT 'in_stock' NOT NULL,
	"status_note" text,
	"device_id" text,
	"vehicle_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"campaign_id" integer,
	"reference" text NOT NULL,
	"file_name" text,
	"file_sha256" text NOT NULL,
	"rows" integer NOT NULL,
	"imported_by" integer NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_bus_items" ADD CONSTRAINT "campaign_bus_items_bus_id_campaign_buses_id_fk" FOREIGN KEY ("bus_id") REFERENCES "public"."campaign_buses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_bus_items" ADD CONSTRAINT "campaign_bus_items_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_buses" ADD CONSTRAINT "campaign_buses_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_buses" ADD CONSTRAINT "campaign_buses_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_buses" ADD CONSTRAINT "campaign_buses_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_buses" ADD CONSTRAINT "campaign_buses_blocked_by_users_id_fk" FOREIGN KEY ("blocked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_buses" ADD CONSTRAINT "campaign_buses_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_buses" ADD CONSTRAINT "campaign_buses_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_events" ADD CONSTRAINT "campaign_events_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_events" ADD CONSTRAINT "campaign_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_items" ADD CONSTRAINT "campaign_items_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_units" ADD CONSTRAINT "shipment_units_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_units" ADD CONSTRAINT "shipment_units_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_units" ADD CONSTRAINT "shipment_units_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_bus_items_uq" ON "campaign_bus_items" USING btree ("bus_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_buses_vehicle_uq" ON "campaign_buses" USING btree ("campaign_id","vehicle_id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_buses_active_vehicle_uq" ON "campaign_buses" USING btree ("vehicle_id") WHERE "campaign_buses"."active";--> statement-breakpoint
CREATE INDEX "campaign_buses_campaign_idx" ON "campaign_buses" USING btree ("campaign_id","state");--> statement-breakpoint
CREATE INDEX "campaign_buses_assignee_idx" ON "campaign_buses" USING btree ("campaign_id","assignee_id");--> statement-breakpoint
CREATE INDEX "campaign_events_campaign_idx" ON "campaign_events" USING btree ("campaign_id","id");--> statement-breakpoint
CREATE INDEX "campaign_events_bus_idx" ON "campaign_events" USING btree ("bus_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_events_key_uq" ON "campaign_events" USING btree ("campaign_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_items_key_uq" ON "campaign_items" USING btree ("campaign_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_client_name_uq" ON "campaigns" USING btree ("client_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_units_serial_uq" ON "shipment_units" USING btree ("client_id","serial");--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_units_imei_uq" ON "shipment_units" USING btree ("client_id","imei");--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_units_iccid_uq" ON "shipment_units" USING btree ("client_id","iccid");--> statement-breakpoint
CREATE INDEX "shipment_units_shipment_idx" ON "shipment_units" USING btree ("shipment_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_client_sha_uq" ON "shipments" USING btree ("client_id","file_sha256");--> statement-breakpoint
-- Campaign events are append-only (../shared/docs/campaigns.md): no statement may update or delete
-- one. Only the cascade of a removed agency or campaign (a trigger of depth 2 or more) goes through.
CREATE FUNCTION campaign_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() > 1 AND TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'campaign_events is append-only';
END $$;--> statement-breakpoint
CREATE TRIGGER campaign_events_append_only BEFORE UPDATE OR DELETE ON "campaign_events"
  FOR EACH ROW EXECUTE FUNCTION campaign_events_append_only();
