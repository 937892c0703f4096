CREATE TABLE "content_version" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"language" text NOT NULL,
	"body" text NOT NULL,
	"is_shipped_text" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text
);
--> statement-breakpoint
ALTER TABLE "content_version" ADD CONSTRAINT "content_version_created_by_staff_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_version_key_idx" ON "content_version" USING btree ("key","language","id");