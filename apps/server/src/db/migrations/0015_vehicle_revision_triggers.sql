-- A bus's own reads, cached by revision (decision 051). Each bus has a revision in
-- vehicle_revisions (no row: 0), moved in the transaction of every change to its notes, photos,
-- installation log, configuration tests and upload records, and of every device that comes onto
-- it or leaves it, whatever the writer (services, the mirror, SQL by hand). Each move is notified
-- on the change feed (decision 028) as 'v:<vehicle>:<revision>', delivered at commit. The bus's
-- own row and its devices' state move its agency's revision (decision 005), which its reads key
-- on as well.
CREATE FUNCTION bump_vehicle_revisions(vids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  -- Buses deleted in this transaction (their records cascading away) are skipped; rows are locked
  -- in id order, so two writers touching the same buses wait for each other instead of deadlocking.
  FOR r IN
    INSERT INTO "vehicle_revisions" AS vr ("vehicle_id", "revision")
      SELECT v."id", 1 FROM "vehicles" v WHERE v."id" IN (SELECT unnest(vids)) ORDER BY v."id"
    ON CONFLICT ("vehicle_id") DO UPDATE SET "revision" = vr."revision" + 1
    RETURNING vr."vehicle_id", vr."revision"
  LOOP
    PERFORM pg_notify('toolkit_changes', 'v:' || r."vehicle_id" || ':' || r."revision");
  END LOOP;
END $$;--> statement-breakpoint
CREATE FUNCTION vehicle_record_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_vehicle_revisions(ARRAY[NEW."vehicle_id"]);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM bump_vehicle_revisions(ARRAY[OLD."vehicle_id"]);
  ELSE
    PERFORM bump_vehicle_revisions(ARRAY[OLD."vehicle_id", NEW."vehicle_id"]);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER installation_notes_vehicle_revision AFTER INSERT OR UPDATE OR DELETE ON "installation_notes"
  FOR EACH ROW EXECUTE FUNCTION vehicle_record_changed();--> statement-breakpoint
CREATE TRIGGER installation_photos_vehicle_revision AFTER INSERT OR UPDATE OR DELETE ON "installation_photos"
  FOR EACH ROW EXECUTE FUNCTION vehicle_record_changed();--> statement-breakpoint
CREATE TRIGGER installation_logs_vehicle_revision AFTER INSERT OR UPDATE OR DELETE ON "installation_logs"
  FOR EACH ROW EXECUTE FUNCTION vehicle_record_changed();--> statement-breakpoint
CREATE TRIGGER config_tests_vehicle_revision AFTER INSERT OR UPDATE OR DELETE ON "config_tests"
  FOR EACH ROW EXECUTE FUNCTION vehicle_record_changed();--> statement-breakpoint
CREATE TRIGGER navigator_uploads_vehicle_revision AFTER INSERT OR UPDATE OR DELETE ON "navigator_uploads"
  FOR EACH ROW EXECUTE FUNCTION vehicle_record_changed();--> statement-breakpoint
CREATE FUNCTION device_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_vehicle_revisions(ARRAY[OLD."vehicle_id", NEW."vehicle_id"]);
  RETURN NULL;
END $$;--> statement-breakpoint
-- A device put on a bus or taken off it (assigned, unassigned, moved to another bus or agency).
-- Its state otherwise moves its agency's revision, as does a device created or deleted. A row
-- trigger with a WHEN clause: the many updates that move nothing (statuses, stamps) cost nothing.
CREATE TRIGGER devices_vehicle_revisions AFTER UPDATE OF "vehicle_id", "client_id" ON "devices" FOR EACH ROW
  WHEN (OLD."vehicle_id" IS DISTINCT FROM NEW."vehicle_id" OR OLD."client_id" IS DISTINCT FROM NEW."client_id")
  EXECUTE FUNCTION device_moved();
