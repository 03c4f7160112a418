-- Inserted votes are counted once per statement instead of once per row: each item the statement gave votes gets one
-- counter update for all of them (a multi-row insert of 500 votes on 17 items updates 17 rows, not 500 times), in
-- item order, so concurrent inserts lock the counter rows in one order. Deletes and updates keep their row triggers.
CREATE FUNCTION "votes_count_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  item record;
BEGIN
  FOR item IN
    SELECT "media_id", count(*)::int AS "n", (count(*) FILTER (WHERE "is_hot"))::int AS "hot"
    FROM "inserted_votes" GROUP BY "media_id" ORDER BY "media_id"
  LOOP
    UPDATE "media" SET "total_votes" = "total_votes" + item."n", "hot_votes" = "hot_votes" + item."hot" WHERE "id" = item."media_id";
  END LOOP;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER "votes_count_insert" ON "votes";
--> statement-breakpoint
CREATE TRIGGER "votes_count_insert" AFTER INSERT ON "votes" REFERENCING NEW TABLE AS "inserted_votes" FOR EACH STATEMENT EXECUTE FUNCTION "votes_count_inserted"();
