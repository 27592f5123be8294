CREATE TABLE "generated_report_chunks" (
	"report_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "generated_report_chunks_report_id_seq_pk" PRIMARY KEY("report_id","seq")
);
--> statement-breakpoint
ALTER TABLE "generated_reports" ALTER COLUMN "body" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "generated_reports" ADD COLUMN "size_bytes" integer;--> statement-breakpoint
ALTER TABLE "generated_report_chunks" ADD CONSTRAINT "generated_report_chunks_report_id_generated_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."generated_reports"("id") ON DELETE cascade ON UPDATE no action;