-- Vote counters on media: kept by triggers in the same transaction as every insert, delete (cascades included: a
-- deleted user or item) and update of a vote, as drizzle/sqlite/0004_vote_counter_triggers.sql does on SQLite.
CREATE FUNCTION "votes_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE "media" SET "total_votes" = "total_votes" - 1, "hot_votes" = "hot_votes" - OLD."is_hot"::int WHERE "id" = OLD."media_id";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE "media" SET "total_votes" = "total_votes" + 1, "hot_votes" = "hot_votes" + NEW."is_hot"::int WHERE "id" = NEW."media_id";
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "votes_count_insert" AFTER INSERT ON "votes" FOR EACH ROW EXECUTE FUNCTION "votes_count"();
--> statement-breakpoint
CREATE TRIGGER "votes_count_delete" AFTER DELETE ON "votes" FOR EACH ROW EXECUTE FUNCTION "votes_count"();
--> statement-breakpoint
CREATE TRIGGER "votes_count_update" AFTER UPDATE OF "media_id", "is_hot" ON "votes" FOR EACH ROW EXECUTE FUNCTION "votes_count"();
