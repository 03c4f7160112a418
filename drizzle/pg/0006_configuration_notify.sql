-- Every committed change of an admin-set configuration table notifies the channel hotvote_configuration (payload: the
-- table's name), whoever writes it, so each instance drops its cached configuration (server/db/config-cache.ts).
-- Statement triggers: one notification per statement, delivered at commit, none after a rollback.
CREATE FUNCTION "configuration_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hotvote_configuration', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "vote_multiplier_config_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "vote_multiplier_config" FOR EACH STATEMENT EXECUTE FUNCTION "configuration_changed"();
--> statement-breakpoint
CREATE TRIGGER "email_capture_config_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "email_capture_config" FOR EACH STATEMENT EXECUTE FUNCTION "configuration_changed"();
--> statement-breakpoint
CREATE TRIGGER "ad_zone_configs_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "ad_zone_configs" FOR EACH STATEMENT EXECUTE FUNCTION "configuration_changed"();
--> statement-breakpoint
CREATE TRIGGER "skip_button_config_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "skip_button_config" FOR EACH STATEMENT EXECUTE FUNCTION "configuration_changed"();
--> statement-breakpoint
CREATE TRIGGER "idle_redirect_configs_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "idle_redirect_configs" FOR EACH STATEMENT EXECUTE FUNCTION "configuration_changed"();
--> statement-breakpoint
CREATE TRIGGER "back_button_configs_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "back_button_configs" FOR EACH STATEMENT EXECUTE FUNCTION "configuration_changed"();
