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

-- Applications of every engine (02 §3 application record). Durations are ms; a running app's
-- duration is recomputed from now when read. cents come from the resources used (seed/applications.ts).
CREATE TABLE IF NOT EXISTS applications (
  id                   TEXT PRIMARY KEY,
  kind                 TEXT NOT NULL,          -- mr, hive, spark, tez, impala, bigquery
  status               TEXT NOT NULL CHECK (status IN ('S', 'F', 'K', 'P', 'R', 'U', 'W')),
  cluster_uid          TEXT NOT NULL REFERENCES clusters (unravel_id),
  cluster_type         TEXT NOT NULL,          -- the cluster's platform: CDH, HDP, CDP, MAPR, EMR, BIGQUERYV2
  user                 TEXT NOT NULL,
  queue                TEXT NOT NULL,
  name                 TEXT NOT NULL,
  parent_id            TEXT,
  start_time           INTEGER NOT NULL,
  finished_time        INTEGER,                -- NULL while running
  duration             INTEGER NOT NULL,
  vcore_seconds        INTEGER NOT NULL,
  memory_seconds       INTEGER NOT NULL,       -- MB·s
  cents                INTEGER NOT NULL,
  dfs_read             INTEGER NOT NULL,
  dfs_written          INTEGER NOT NULL,
  num_events           INTEGER NOT NULL,
  inefficient          INTEGER NOT NULL,       -- 1 when it carries an event of type 2 or 6 (B182)
  event_mask           INTEGER NOT NULL,       -- one bit per event name (seed/applications.ts APP_EVENT_TYPES order)
  map_tasks            TEXT NOT NULL,          -- 'succeeded/killed/failed'
  reduce_tasks         TEXT NOT NULL,
  num_jobs             INTEGER NOT NULL,
  num_stages           INTEGER NOT NULL,
  num_completed_stages INTEGER NOT NULL,
  num_skipped_stages   INTEGER NOT NULL,
  app_attempts         INTEGER NOT NULL,
  task_count           INTEGER NOT NULL,
  setup_duration       INTEGER NOT NULL,
  cleanup_duration     INTEGER NOT NULL,
  sensor_enabled       INTEGER NOT NULL,
  large_rdd            INTEGER NOT NULL,
  input_tables         TEXT,
  output_tables        TEXT,
  diagnostics          TEXT,
  signature            TEXT NOT NULL,
  executed_by_unravel  INTEGER NOT NULL
);
-- Lists filter by a time window first, then by status, type, cluster, user or queue. The window
-- indexes carry every column the totals, ranges and event counts read, so the metadata of a page
-- is one index-only scan that never touches the table.
CREATE INDEX IF NOT EXISTS applications_start
  ON applications (start_time, status, kind, cluster_uid, user, queue, duration, cents, event_mask);
CREATE INDEX IF NOT EXISTS applications_finished
  ON applications (finished_time, status, kind, cluster_uid, user, queue, duration, cents, event_mask);
CREATE INDEX IF NOT EXISTS applications_running
  ON applications (start_time, kind, cluster_uid, user, queue, duration, cents, event_mask) WHERE status = 'R';
CREATE INDEX IF NOT EXISTS applications_user ON applications (user, start_time);
CREATE INDEX IF NOT EXISTS applications_queue ON applications (queue, start_time);
CREATE INDEX IF NOT EXISTS applications_cluster ON applications (cluster_uid, start_time);
CREATE INDEX IF NOT EXISTS applications_parent ON applications (parent_id) WHERE parent_id IS NOT NULL;

CREATE TABLE IF NOT EXISTS app_events (
  app_id     TEXT NOT NULL REFERENCES applications (id),
  event_type INTEGER NOT NULL,
  event_name TEXT NOT NULL,
  vt         TEXT NOT NULL                    -- insight category code (B229)
);
CREATE INDEX IF NOT EXISTS app_events_app ON app_events (app_id);
CREATE INDEX IF NOT EXISTS app_events_name ON app_events (event_name, app_id);

CREATE TABLE IF NOT EXISTS app_tags (
  app_id TEXT NOT NULL REFERENCES applications (id),
  key    TEXT NOT NULL,
  value  TEXT NOT NULL,
  PRIMARY KEY (key, value, app_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS app_tags_app ON app_tags (app_id);
