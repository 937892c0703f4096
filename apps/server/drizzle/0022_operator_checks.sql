-- Issue 28: what the site tells its operator through `doctor`: how requests arrive against TRUST_PROXY
-- (counts per kind, no address), and the operator's word that the key and keyring as they are now
-- are kept safe (a keyed fingerprint). Neither goes into a backup.
CREATE TABLE "key_backup" (
	"fingerprint" text PRIMARY KEY NOT NULL,
	"confirmed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "key_backup_fingerprint_check" CHECK ("fingerprint" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "proxy_observation" (
	"kind" text PRIMARY KEY NOT NULL,
	"trust_proxy" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen" bigint NOT NULL,
	CONSTRAINT "proxy_observation_kind_check" CHECK ("kind" in ('forwarded', 'direct', 'trusted-without-header', 'untrusted-forwarder', 'bypassed-proxy')),
	CONSTRAINT "proxy_observation_seen_check" CHECK ("seen" > 0),
	CONSTRAINT "proxy_observation_trust_proxy_check" CHECK (length("trust_proxy") between 1 and 500)
);
