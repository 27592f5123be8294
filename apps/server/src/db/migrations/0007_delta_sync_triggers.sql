-- Delta sync of the agency lists (decision 022). Every vehicle and device row carries the agency
-- revision of its last change (changed_rev). Triggers set it to null when a row, or a value its
-- list row derives from another table, changes; stamp_list_changes(client) stamps the nulls with
-- the agency's revision right after it is bumped, in the same transaction. Rows that leave a list
-- get a tombstone. Rows that exist before this migration carry their agency's current revision.
UPDATE "vehicles" v SET "changed_rev" = c."revision" FROM "clients" c WHERE c."id" = v."client_id";--> statement-breakpoint
UPDATE "devices" d SET "changed_rev" = c."revision" FROM "clients" c WHERE c."id" = d."client_id";--> statement-breakpoint
UPDATE "clients" SET "delta_floor" = "revision";--> statement-breakpoint
CREATE FUNCTION list_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    -- A stamp (or an explicit reset) passes; an update that changes nothing keeps the stamp.
    IF NEW.changed_rev IS DISTINCT FROM OLD.changed_rev OR NEW IS NOT DISTINCT FROM OLD THEN
      RETURN NEW;
    END IF;
  END IF;
  NEW.changed_rev := NULL;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER vehicles_list_row BEFORE INSERT OR UPDATE ON "vehicles"
  FOR EACH ROW EXECUTE FUNCTION list_row_changed();--> statement-breakpoint
CREATE TRIGGER devices_list_row BEFORE INSERT OR UPDATE ON "devices"
  FOR EACH ROW EXECUTE FUNCTION list_row_changed();--> statement-breakpoint
CREATE FUNCTION devices_list_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A vehicle's device count and connection status derive from its devices.
  -- An update of no rows still fires statement triggers: only update when there is something to.
  IF EXISTS (SELECT 1 FROM new_rows WHERE "vehicle_id" IS NOT NULL) THEN
    UPDATE "vehicles" SET "changed_rev" = NULL
     WHERE "changed_rev" IS NOT NULL AND "id" IN (SELECT "vehicle_id" FROM new_rows);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER devices_list_inserted AFTER INSERT ON "devices" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION devices_list_inserted();--> statement-breakpoint
CREATE FUNCTION devices_list_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n."id" = o."id"
             WHERE (o."vehicle_id", o."type", o."status", o."client_id")
               IS DISTINCT FROM (n."vehicle_id", n."type", n."status", n."client_id")) THEN
    UPDATE "vehicles" SET "changed_rev" = NULL
     WHERE "changed_rev" IS NOT NULL AND "id" IN (
       SELECT x.vid FROM old_rows o JOIN new_rows n ON n."id" = o."id",
         LATERAL (VALUES (o."vehicle_id"), (n."vehicle_id")) AS x(vid)
       WHERE (o."vehicle_id", o."type", o."status", o."client_id")
         IS DISTINCT FROM (n."vehicle_id", n."type", n."status", n."client_id"));
  END IF;
  INSERT INTO "list_tombstones" ("client_id", "kind", "row_id")
    SELECT o."client_id", 'device', o."id" FROM old_rows o JOIN new_rows n ON n."id" = o."id"
    WHERE o."client_id" <> n."client_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER devices_list_updated AFTER UPDATE ON "devices" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION devices_list_updated();--> statement-breakpoint
CREATE FUNCTION devices_list_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM old_rows WHERE "vehicle_id" IS NOT NULL) THEN
    UPDATE "vehicles" SET "changed_rev" = NULL
     WHERE "changed_rev" IS NOT NULL AND "id" IN (SELECT "vehicle_id" FROM old_rows);
  END IF;
  -- An agency's own deletion leaves no tombstones.
  INSERT INTO "list_tombstones" ("client_id", "kind", "row_id")
    SELECT o."client_id", 'device', o."id" FROM old_rows o
    WHERE EXISTS (SELECT 1 FROM "clients" c WHERE c."id" = o."client_id");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER devices_list_deleted AFTER DELETE ON "devices" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION devices_list_deleted();--> statement-breakpoint
CREATE FUNCTION vehicles_list_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A device's list row shows its vehicle's label.
  IF EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n."id" = o."id"
             WHERE n."vehicle_id" IS DISTINCT FROM o."vehicle_id") THEN
    UPDATE "devices" SET "changed_rev" = NULL
     WHERE "changed_rev" IS NOT NULL AND "vehicle_id" IN (
       SELECT n."id" FROM old_rows o JOIN new_rows n ON n."id" = o."id"
       WHERE n."vehicle_id" IS DISTINCT FROM o."vehicle_id");
  END IF;
  INSERT INTO "list_tombstones" ("client_id", "kind", "row_id")
    SELECT o."client_id", 'vehicle', o."id" FROM old_rows o JOIN new_rows n ON n."id" = o."id"
    WHERE o."client_id" <> n."client_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER vehicles_list_updated AFTER UPDATE ON "vehicles" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vehicles_list_updated();--> statement-breakpoint
CREATE FUNCTION vehicles_list_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "list_tombstones" ("client_id", "kind", "row_id")
    SELECT o."client_id", 'vehicle', o."id" FROM old_rows o
    WHERE EXISTS (SELECT 1 FROM "clients" c WHERE c."id" = o."client_id");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER vehicles_list_deleted AFTER DELETE ON "vehicles" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vehicles_list_deleted();--> statement-breakpoint
CREATE FUNCTION stamp_list_changes(cid integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  r integer;
  pruned integer;
BEGIN
  SELECT "revision" INTO r FROM "clients" WHERE "id" = cid;
  IF r IS NULL THEN RETURN NULL; END IF;
  UPDATE "vehicles" SET "changed_rev" = r WHERE "client_id" = cid AND "changed_rev" IS NULL;
  UPDATE "devices" SET "changed_rev" = r WHERE "client_id" = cid AND "changed_rev" IS NULL;
  UPDATE "list_tombstones" SET "rev" = r WHERE "client_id" = cid AND "rev" IS NULL;
  -- Tombstones are kept 30 days; a delta from before the oldest kept one answers the full list.
  WITH gone AS (
    DELETE FROM "list_tombstones"
    WHERE "client_id" = cid AND "rev" IS NOT NULL AND "created_at" < now() - interval '30 days'
    RETURNING "rev")
  SELECT max("rev") INTO pruned FROM gone;
  IF pruned IS NOT NULL THEN
    UPDATE "clients" SET "delta_floor" = greatest("delta_floor", pruned) WHERE "id" = cid;
  END IF;
  RETURN r;
END $$;
