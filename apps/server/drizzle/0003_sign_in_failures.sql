CREATE TABLE "sign_in_failures" (
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"failures" integer NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sign_in_failures_email_ip_pk" PRIMARY KEY("email","ip")
);
