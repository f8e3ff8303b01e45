CREATE TABLE "step_variant_assignments" (
	"sequence_contact_id" uuid NOT NULL,
	"step_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "step_variant_assignments_sequence_contact_id_step_id_pk" PRIMARY KEY("sequence_contact_id","step_id")
);
--> statement-breakpoint
CREATE TABLE "step_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"step_id" uuid NOT NULL,
	"label" text NOT NULL,
	"template_id" uuid,
	"weight" integer,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "step_variants_step_label_key" UNIQUE("step_id","label"),
	CONSTRAINT "step_variants_weight_check" CHECK ("step_variants"."weight" >= 0 and "step_variants"."weight" <= 100)
);
--> statement-breakpoint
ALTER TABLE "email_sends" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "email_sends" ADD COLUMN "variant_label" text;--> statement-breakpoint
ALTER TABLE "sequence_steps" ADD COLUMN "ab_metric" text DEFAULT 'reply_rate' NOT NULL;--> statement-breakpoint
ALTER TABLE "sequence_steps" ADD COLUMN "ab_auto_winner" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sequence_steps" ADD COLUMN "ab_confidence" integer DEFAULT 95 NOT NULL;--> statement-breakpoint
ALTER TABLE "sequence_steps" ADD COLUMN "ab_min_sends_per_variant" integer DEFAULT 200 NOT NULL;--> statement-breakpoint
ALTER TABLE "sequence_steps" ADD COLUMN "ab_max_sends_per_variant" integer DEFAULT 10000 NOT NULL;--> statement-breakpoint
ALTER TABLE "sequence_steps" ADD COLUMN "ab_status" text DEFAULT 'running' NOT NULL;--> statement-breakpoint
ALTER TABLE "sequence_steps" ADD COLUMN "ab_winner_variant_id" uuid;--> statement-breakpoint
ALTER TABLE "sequence_steps" ADD COLUMN "ab_winner_label" text;--> statement-breakpoint
ALTER TABLE "sequence_steps" ADD COLUMN "ab_winner_metric" text;--> statement-breakpoint
ALTER TABLE "sequence_steps" ADD COLUMN "ab_winner_reason" text;--> statement-breakpoint
ALTER TABLE "sequence_steps" ADD COLUMN "ab_decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sequence_steps" ADD COLUMN "ab_winner_rate" double precision;--> statement-breakpoint
ALTER TABLE "sequence_steps" ADD COLUMN "ab_runner_up_rate" double precision;--> statement-breakpoint
ALTER TABLE "sequence_steps" ADD COLUMN "ab_winner_probability" double precision;--> statement-breakpoint
ALTER TABLE "step_variant_assignments" ADD CONSTRAINT "step_variant_assignments_sequence_contact_id_sequence_contacts_id_fk" FOREIGN KEY ("sequence_contact_id") REFERENCES "public"."sequence_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step_variant_assignments" ADD CONSTRAINT "step_variant_assignments_step_id_sequence_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."sequence_steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step_variant_assignments" ADD CONSTRAINT "step_variant_assignments_variant_id_step_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."step_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step_variant_assignments" ADD CONSTRAINT "step_variant_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step_variants" ADD CONSTRAINT "step_variants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step_variants" ADD CONSTRAINT "step_variants_step_id_sequence_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."sequence_steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step_variants" ADD CONSTRAINT "step_variants_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "step_variant_assignments_variant_idx" ON "step_variant_assignments" USING btree ("variant_id");--> statement-breakpoint
CREATE INDEX "step_variant_assignments_step_idx" ON "step_variant_assignments" USING btree ("step_id");--> statement-breakpoint
CREATE INDEX "step_variant_assignments_user_idx" ON "step_variant_assignments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "step_variants_user_idx" ON "step_variants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "step_variants_template_idx" ON "step_variants" USING btree ("template_id");--> statement-breakpoint
ALTER TABLE "email_sends" ADD CONSTRAINT "email_sends_variant_id_step_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."step_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_sends_variant_idx" ON "email_sends" USING btree ("variant_id");--> statement-breakpoint
ALTER TABLE "sequence_steps" ADD CONSTRAINT "sequence_steps_ab_metric_check" CHECK ("sequence_steps"."ab_metric" in ('reply_rate', 'positive_reply_rate', 'open_rate'));--> statement-breakpoint
ALTER TABLE "sequence_steps" ADD CONSTRAINT "sequence_steps_ab_status_check" CHECK ("sequence_steps"."ab_status" in ('running', 'winner', 'stopped'));--> statement-breakpoint
ALTER TABLE "sequence_steps" ADD CONSTRAINT "sequence_steps_ab_winner_metric_check" CHECK ("sequence_steps"."ab_winner_metric" in ('reply_rate', 'positive_reply_rate', 'open_rate'));--> statement-breakpoint
ALTER TABLE "sequence_steps" ADD CONSTRAINT "sequence_steps_ab_winner_reason_check" CHECK ("sequence_steps"."ab_winner_reason" in ('significant', 'max_size', 'manual'));--> statement-breakpoint
ALTER TABLE "sequence_steps" ADD CONSTRAINT "sequence_steps_ab_confidence_check" CHECK ("sequence_steps"."ab_confidence" >= 50 and "sequence_steps"."ab_confidence" <= 99);--> statement-breakpoint
ALTER TABLE "sequence_steps" ADD CONSTRAINT "sequence_steps_ab_min_sends_check" CHECK ("sequence_steps"."ab_min_sends_per_variant" >= 1);