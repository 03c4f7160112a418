-- Vote counters on media (issue #12): filled from the votes once, then kept by triggers in the same transaction as
-- every insert, delete (cascades included: a deleted user or item) and update of a vote.
UPDATE `media` SET
  `total_votes` = (SELECT count(*) FROM `votes` WHERE `votes`.`media_id` = `media`.`id`),
  `hot_votes` = (SELECT count(*) FROM `votes` WHERE `votes`.`media_id` = `media`.`id` AND `votes`.`is_hot` = 1);
--> statement-breakpoint
CREATE TRIGGER `votes_count_insert` AFTER INSERT ON `votes` BEGIN
  UPDATE `media` SET `total_votes` = `total_votes` + 1, `hot_votes` = `hot_votes` + NEW.`is_hot` WHERE `id` = NEW.`media_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `votes_count_delete` AFTER DELETE ON `votes` BEGIN
  UPDATE `media` SET `total_votes` = `total_votes` - 1, `hot_votes` = `hot_votes` - OLD.`is_hot` WHERE `id` = OLD.`media_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `votes_count_update` AFTER UPDATE OF `media_id`, `is_hot` ON `votes` BEGIN
  UPDATE `media` SET `total_votes` = `total_votes` - 1, `hot_votes` = `hot_votes` - OLD.`is_hot` WHERE `id` = OLD.`media_id`;
  UPDATE `media` SET `total_votes` = `total_votes` + 1, `hot_votes` = `hot_votes` + NEW.`is_hot` WHERE `id` = NEW.`media_id`;
END;
