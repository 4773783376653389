CREATE TABLE "base_throttle" (
	"key" varchar(120) PRIMARY KEY NOT NULL,
	"last_at" timestamp (3) with time zone NOT NULL
);

