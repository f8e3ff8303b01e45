CREATE TABLE "contact_counts" (
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"industry" text DEFAULT '' NOT NULL,
	"contacts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "contact_counts_pk" PRIMARY KEY("user_id","status","industry")
);
--> statement-breakpoint
ALTER TABLE "personas" ADD COLUMN "contact_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_counts" ADD CONSTRAINT "contact_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "persona_contacts_persona_created_idx" ON "persona_contacts" USING btree ("persona_id","created_at","contact_id");