-- The change feed (decision 028). Every process listens on the channel `toolkit_changes` and keeps
-- in memory what these notifications keep current: agencies' revisions and last pulls, and the
-- sessions it has read. A notification is sent at commit, only when the transaction commits.
-- Payloads: 'c:<agency>:<revision>:<synced_at epoch ms or empty>', 's:<session>', 'u:<user>'.
CREATE FUNCTION notify_client_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('toolkit_changes', 'c:' || NEW."id" || ':' || NEW."revision" || ':' ||
    coalesce(floor(extract(epoch from NEW."synced_at") * 1000)::bigint::text, ''));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER clients_change_feed AFTER UPDATE ON "clients" FOR EACH ROW
  WHEN (OLD."revision" IS DISTINCT FROM NEW."revision" OR OLD."synced_at" IS DISTINCT FROM NEW."synced_at")
  EXECUTE FUNCTION notify_client_changed();--> statement-breakpoint
CREATE FUNCTION notify_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('toolkit_changes', 's:' || OLD."id");
  RETURN NULL;
END $$;--> statement-breakpoint
-- Revoked, shortened, moved to another user or deleted; not the last-used stamp.
CREATE TRIGGER sessions_change_feed AFTER UPDATE ON "sessions" FOR EACH ROW
  WHEN (OLD."revoked_at" IS DISTINCT FROM NEW."revoked_at" OR OLD."expires_at" IS DISTINCT FROM NEW."expires_at"
    OR OLD."user_id" IS DISTINCT FROM NEW."user_id" OR OLD."token_hash" IS DISTINCT FROM NEW."token_hash")
  EXECUTE FUNCTION notify_session_changed();--> statement-breakpoint
CREATE TRIGGER sessions_deleted_change_feed AFTER DELETE ON "sessions" FOR EACH ROW
  EXECUTE FUNCTION notify_session_changed();--> statement-breakpoint
CREATE FUNCTION notify_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('toolkit_changes', 'u:' || OLD."id");
  RETURN NULL;
END $$;--> statement-breakpoint
-- A cached session carries its user (agencies, role, name): any change to the user forgets them.
CREATE TRIGGER users_change_feed AFTER UPDATE OR DELETE ON "users" FOR EACH ROW
  EXECUTE FUNCTION notify_user_changed();
