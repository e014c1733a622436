CREATE TABLE "cfe_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" integer NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"idempotency_key" uuid DEFAULT gen_random_uuid() NOT NULL,
	"provider" text,
	"dispatch_ref" text,
	"dispatch" jsonb,
	"credits_document_id" integer,
	"credit_lines" jsonb,
	"reason" text,
	"replaces_document_id" integer,
	"buyer_document" text,
	"draft" jsonb,
	"serie" text,
	"number" integer,
	"issued_on" date,
	"signed_at" timestamp with time zone,
	"cae_id" text,
	"cae_from" integer,
	"cae_to" integer,
	"cae_expires_on" date,
	"security_code" text,
	"qr_url" text,
	"signed_xml" text,
	"total" numeric(14, 2),
	"currency" text,
	"exchange_rate" numeric(8, 3),
	"dgi_reason" text,
	"last_error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cfe_documents_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "cfe_documents_replaces_document_id_unique" UNIQUE("replaces_document_id"),
	CONSTRAINT "cfe_documents_kind_check" CHECK ("cfe_documents"."kind" in (101, 102, 111, 112, 181)),
	CONSTRAINT "cfe_documents_state_check" CHECK ("cfe_documents"."state" in ('queued', 'needs_data', 'pending_dgi', 'accepted', 'rejected', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "cfe_simulator_documents" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"kind" integer NOT NULL,
	"serie" text NOT NULL,
	"number" integer NOT NULL,
	"state" text NOT NULL,
	"polls" integer DEFAULT 0 NOT NULL,
	"reject_reason" text,
	"answer" jsonb NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "iva_rate" text DEFAULT 'basica' NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_revision_lines" ADD COLUMN "iva_rate" text DEFAULT 'basica' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_profile" ADD COLUMN "dgi_branch_code" integer;--> statement-breakpoint
ALTER TABLE "store_profile" ADD COLUMN "fiscal_address" text;--> statement-breakpoint
ALTER TABLE "store_profile" ADD COLUMN "fiscal_city" text;--> statement-breakpoint
ALTER TABLE "store_profile" ADD COLUMN "fiscal_department" text;--> statement-breakpoint
ALTER TABLE "store_profile" ADD COLUMN "invoice_on" text DEFAULT 'acceptance' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_profile" ADD COLUMN "ui_value" numeric(8, 4) DEFAULT '6.4000' NOT NULL;--> statement-breakpoint
ALTER TABLE "cfe_documents" ADD CONSTRAINT "cfe_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cfe_documents" ADD CONSTRAINT "cfe_documents_credits_document_id_cfe_documents_id_fk" FOREIGN KEY ("credits_document_id") REFERENCES "public"."cfe_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cfe_documents" ADD CONSTRAINT "cfe_documents_replaces_document_id_cfe_documents_id_fk" FOREIGN KEY ("replaces_document_id") REFERENCES "public"."cfe_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cfe_documents_order_id_idx" ON "cfe_documents" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "cfe_documents_created_at_idx" ON "cfe_documents" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "cfe_documents_due_idx" ON "cfe_documents" USING btree ("next_attempt_at") WHERE "cfe_documents"."next_attempt_at" is not null;--> statement-breakpoint
CREATE INDEX "cfe_documents_credits_idx" ON "cfe_documents" USING btree ("credits_document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cfe_documents_number_unique" ON "cfe_documents" USING btree ("kind","serie","number");--> statement-breakpoint
CREATE UNIQUE INDEX "cfe_documents_dispatch_unique" ON "cfe_documents" USING btree ("dispatch_ref") WHERE "cfe_documents"."dispatch_ref" is not null and "cfe_documents"."state" not in ('rejected', 'cancelled');--> statement-breakpoint
CREATE UNIQUE INDEX "cfe_simulator_documents_number_unique" ON "cfe_simulator_documents" USING btree ("kind","serie","number");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_iva_rate_check" CHECK ("products"."iva_rate" in ('basica', 'minima', 'exento'));--> statement-breakpoint
ALTER TABLE "quote_revision_lines" ADD CONSTRAINT "quote_revision_lines_iva_rate_check" CHECK ("quote_revision_lines"."iva_rate" in ('basica', 'minima', 'exento'));--> statement-breakpoint
ALTER TABLE "store_profile" ADD CONSTRAINT "store_profile_dgi_branch_code_range" CHECK ("store_profile"."dgi_branch_code" between 0 and 9999);--> statement-breakpoint
ALTER TABLE "store_profile" ADD CONSTRAINT "store_profile_invoice_on_check" CHECK ("store_profile"."invoice_on" in ('acceptance', 'dispatch'));--> statement-breakpoint
ALTER TABLE "store_profile" ADD CONSTRAINT "store_profile_ui_value_positive" CHECK ("store_profile"."ui_value" > 0);