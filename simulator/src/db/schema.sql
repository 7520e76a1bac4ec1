-- costlens simulator schema. Times are epoch milliseconds (UTC). Every time column is listed in
-- time-columns.ts so a database seeded on one day can be shifted to look current on another.

CREATE TABLE IF NOT EXISTS settings (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS users (
  username        TEXT PRIMARY KEY,
  password_hash   TEXT NOT NULL,          -- scrypt$<salt hex>$<hash hex>
  email           TEXT NOT NULL,
  org             TEXT NOT NULL,
  role            TEXT NOT NULL CHECK (role IN ('admin', 'readonlyAdmin', 'user')),
  cluster_type    TEXT NOT NULL,
  created_at      INTEGER NOT NULL,
  frozen_start    INTEGER,
  frozen_end      INTEGER,
  frozen_yarn_cluster   TEXT,
  frozen_impala_cluster TEXT,
  profile_json    TEXT NOT NULL           -- flags, plan fields, rbac, idle expiry: the rest of the user record
);

CREATE TABLE IF NOT EXISTS clusters (
  unravel_id    TEXT PRIMARY KEY,
  display_name  TEXT NOT NULL,
  cluster_name  TEXT NOT NULL,
  kind          TEXT NOT NULL,            -- the API's clusterType: Yarn, Impala, db_all_purpose, db_job, …
  platform      TEXT NOT NULL,            -- the layout family: CDH, HDP, CDP, MAPR, EMR, DB, SNOWFLAKE, BIGQUERYV2, K8S
  region        TEXT NOT NULL,
  node_count    INTEGER NOT NULL,
  created_at    INTEGER NOT NULL,
  terminated_at INTEGER                    -- NULL while the cluster is alive
);
CREATE INDEX IF NOT EXISTS clusters_platform_name ON clusters (platform, display_name);

CREATE TABLE IF NOT EXISTS tags (
  cluster_uid TEXT NOT NULL REFERENCES clusters (unravel_id),
  source      TEXT NOT NULL CHECK (source IN ('yarn', 'impala', 'big_query', 'DBX_CLUSTER', 'aws')),
  key         TEXT NOT NULL,
  value       TEXT NOT NULL,
  first_seen  INTEGER NOT NULL,
  last_seen   INTEGER NOT NULL,
  PRIMARY KEY (cluster_uid, source, key, value)
);
CREATE INDEX IF NOT EXISTS tags_source_seen ON tags (source, last_seen, first_seen);

CREATE TABLE IF NOT EXISTS upgrade_requests (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  username     TEXT NOT NULL REFERENCES users (username),
  requested_at INTEGER NOT NULL
);
