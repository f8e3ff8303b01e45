ALTER TABLE "email_sends" DROP CONSTRAINT "email_sends_reaction_check";--> statement-breakpoint
ALTER TABLE "email_sends" ADD COLUMN "clicked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sequence_steps" ADD COLUMN "branch_on_click" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sequence_steps" ADD COLUMN "clicked_step_id" uuid;--> statement-breakpoint
ALTER TABLE "sequence_steps" ADD COLUMN "clicked_wait_days" integer;--> statement-breakpoint
ALTER TABLE "sequences" ADD COLUMN "track_opens" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "sequences" ADD COLUMN "track_clicks" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sequence_steps" ADD CONSTRAINT "sequence_steps_clicked_step_id_sequence_steps_id_fk" FOREIGN KEY ("clicked_step_id") REFERENCES "public"."sequence_steps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sequence_steps_clicked_step_idx" ON "sequence_steps" USING btree ("clicked_step_id");--> statement-breakpoint
ALTER TABLE "email_sends" ADD CONSTRAINT "email_sends_reaction_check" CHECK ("email_sends"."reaction" in ('not_opened', 'opened_no_reply', 'clicked', 'replied'));