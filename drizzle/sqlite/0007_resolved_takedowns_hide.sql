-- An item is hidden exactly while at least one resolved takedown names it. Items a rejected or reopened takedown
-- showed again while another resolved takedown still named them are hidden again, since that takedown's last change.
UPDATE `media` SET `hidden_at` = (
  SELECT max(`updated_at`) FROM `dmca_takedowns` WHERE `dmca_takedowns`.`media_id` = `media`.`id` AND `dmca_takedowns`.`status` = 'resolved'
)
WHERE `hidden_at` IS NULL
  AND EXISTS (SELECT 1 FROM `dmca_takedowns` WHERE `dmca_takedowns`.`media_id` = `media`.`id` AND `dmca_takedowns`.`status` = 'resolved');
