-- A mailbox's claim and the ready-mailbox check read only that mailbox's scheduled sends (decision 041),
-- not every due send of every user, nor the mailbox's sent history.
CREATE INDEX "email_sends_mailbox_due_idx" ON "email_sends" USING btree ("sender_account_id","scheduled_for") WHERE "email_sends"."state" = 'scheduled';