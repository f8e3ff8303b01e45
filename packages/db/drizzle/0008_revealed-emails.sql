CREATE TABLE "revealed_emails" (
	"user_id" uuid NOT NULL,
	"apollo_id" text NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "revealed_emails_user_id_apollo_id_pk" PRIMARY KEY("user_id","apollo_id")
);
--> statement-breakpoint
ALTER TABLE "revealed_emails" ADD CONSTRAINT "revealed_emails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;