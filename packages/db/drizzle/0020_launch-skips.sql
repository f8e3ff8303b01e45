CREATE TABLE "launch_skips" (
	"user_id" uuid NOT NULL,
	"sequence_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "launch_skips_pkey" PRIMARY KEY("sequence_id","contact_id")
);
--> statement-breakpoint
ALTER TABLE "launch_skips" ADD CONSTRAINT "launch_skips_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launch_skips" ADD CONSTRAINT "launch_skips_sequence_id_sequences_id_fk" FOREIGN KEY ("sequence_id") REFERENCES "public"."sequences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launch_skips" ADD CONSTRAINT "launch_skips_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "launch_skips_contact_idx" ON "launch_skips" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "launch_skips_user_idx" ON "launch_skips" USING btree ("user_id");