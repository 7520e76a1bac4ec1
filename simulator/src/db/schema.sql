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
-- One pending request per user (nothing grants one yet, so every row is pending): asking again
-- keeps the first request and its time (repositories/users.ts recordUpgradeRequest).
CREATE UNIQUE INDEX IF NOT EXISTS upgrade_requests_one_per_user ON upgrade_requests (username);

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
  -- 'succeeded/killed/failed'; NULL for '0/0/0' (no task of that phase: Spark, Impala, Presto, half
  -- the apps), read as '0/0/0' by every reader of whole rows (app-row-as-shown.ts); 5 MB at large.
  map_tasks            TEXT,
  reduce_tasks         TEXT,
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
  signature            TEXT,                   -- NULL: a top-level app's, made from its row (seed/app-signature.ts)
  executed_by_unravel  INTEGER NOT NULL,
  -- kind, cluster_uid, user and queue as their app_rollup_names codes (repositories/app-rollup-names.ts,
  -- 1, 2, … in name order, so grouping or ordering by a code orders by its name; a move to a queue no
  -- app had before appends a code, and its readers then order by the text: RollupNames.inNameOrder).
  -- Every covering index below carries these (1 byte each) instead of the texts (about 32 bytes an
  -- entry), so its readers filter, group and order by the codes; the texts stay for every reader of
  -- whole rows. (With the texts, applications_start, _finished, _user and _queue took 62.6, 62.6, 69.4
  -- and 69.4 MB at the large scale.)
  kind_code            INTEGER NOT NULL,
  cluster_code         INTEGER NOT NULL,
  user_code            INTEGER NOT NULL,
  queue_code           INTEGER NOT NULL
);
-- Lists filter by a time window first, then by status, type, cluster, user or queue. The window
-- indexes carry every column the totals, ranges and event counts read, so the metadata of a page
-- is one index-only scan that never touches the table. Read by (repositories/): applications.ts
-- searchWhere (the unified search, E0xx lists, app-lists.ts aggregations), unified-search.ts edges;
-- applications_start also by jobs.ts and autoactions.ts, applications_finished by
-- job-count-index.ts, jobs.ts, autoactions.ts and cluster-resources.ts (finished YARN apps).
CREATE INDEX IF NOT EXISTS applications_start
  ON applications (start_time, status, kind_code, cluster_code, user_code, queue_code, duration, cents, event_mask,
                   executed_by_unravel);
CREATE INDEX IF NOT EXISTS applications_finished
  ON applications (finished_time, status, kind_code, cluster_code, user_code, queue_code, duration, cents, event_mask,
                   executed_by_unravel);
CREATE INDEX IF NOT EXISTS applications_running
  ON applications (start_time, kind_code, cluster_code, user_code, queue_code, duration, cents, event_mask,
                   executed_by_unravel)
  WHERE status = 'R';
-- A user's or a queue's apps in start order, carrying what their totals read (the edges of a window
-- that the daily rollups do not cover, see app_rollups) and what sorting by user or queue needs.
-- Read by unified-search.ts (EDGE_INDEX, sortWalks: a page sorted by user or queue, or one user's
-- or queue's page sorted by duration or cost), applications.ts distinctAppValues (every user or
-- queue in a few dozen seeks) and workflows.ts (a user's sessions: applications_user).
-- No finish time in these and the four below: a finished app's is its start plus its duration and
-- only a running app (status R) has none, so a window of finish times is read from the start,
-- duration and status they hold (app-figures.ts finishedBound, clausesOn): 7 bytes an entry, 29 MB
-- of the six at the large scale (each of user, queue, duration and cents 37.9 → 31.1 MB).
CREATE INDEX IF NOT EXISTS applications_user
  ON applications (user_code, start_time, status, kind_code, cluster_code, queue_code, duration, cents, event_mask,
                   executed_by_unravel);
CREATE INDEX IF NOT EXISTS applications_queue
  ON applications (queue_code, start_time, status, kind_code, cluster_code, user_code, duration, cents, event_mask,
                   executed_by_unravel);
-- The first page of a list sorted by duration or cost: walked in sort order with every filter
-- checked in the index, so a page reads a few thousand entries instead of sorting its whole window.
-- Also walked by global-search.ts (a match's page by duration or cost) and autoactions.ts.
CREATE INDEX IF NOT EXISTS applications_duration
  ON applications (duration, start_time, status, kind_code, cluster_code, user_code, queue_code, cents,
                   event_mask, executed_by_unravel);
CREATE INDEX IF NOT EXISTS applications_cents
  ON applications (cents, start_time, status, kind_code, cluster_code, user_code, queue_code, duration,
                   event_mask, executed_by_unravel);
-- The inefficient apps only (a sixth of them), for the inefficient list: its window, and the same
-- walks as above.
CREATE INDEX IF NOT EXISTS applications_inefficient_start
  ON applications (start_time, status, kind_code, cluster_code, user_code, queue_code, duration, cents, event_mask,
                   executed_by_unravel)
  WHERE inefficient = 1;
CREATE INDEX IF NOT EXISTS applications_inefficient_duration
  ON applications (duration, start_time, status, kind_code, cluster_code, user_code, queue_code, cents,
                   event_mask, executed_by_unravel)
  WHERE inefficient = 1;
CREATE INDEX IF NOT EXISTS applications_inefficient_cents
  ON applications (cents, start_time, status, kind_code, cluster_code, user_code, queue_code, duration,
                   event_mask, executed_by_unravel)
  WHERE inefficient = 1;
-- The Impala queries only (a tenth of the apps; 8.7 MB at the large scale, built in about a second),
-- by cluster and start, with every column the Impala usage calls filter, sort or sum on (issue 21,
-- repositories/impala-usage-*.ts), so none reads a row but a page's:
-- impala/search's count and page (WHERE cluster_code IN … AND start_time BETWEEN … [AND status,
-- user_code, queue_code, id or name LIKE …] ORDER BY start_time, id LIMIT: a walk of each cluster's
-- range; by duration, user, queue, status, name or id: a sort of the window's entries);
-- impala/metrics' queries that cross a point's end or run at an instant (start_time + duration and
-- status checked in the entry) and queryop/new's duration metric (status, duration). Before it, a
-- month's search sorted by duration or filtered by text read every row (up to 550 ms), and metrics
-- walked every Impala query of applications_kind_duration (40-85 ms for any window). Its WHERE
-- names the kind's text: a code is no constant a partial index can name.
CREATE INDEX IF NOT EXISTS applications_impala
  ON applications (cluster_code, start_time, id, status, duration, user_code, queue_code, vcore_seconds,
                   memory_seconds, name)
  WHERE kind = 'impala';
-- Chargeback (chargeback.ts appsIn): one cluster's apps in start order with the usage a chargeback
-- row sums, for the edges of a window the cb_rollups do not cover and for tag groupings and
-- filters (the rollups hold no tags), which read the whole window from it. Also the index of one
-- cluster's apps in start order for queries by cluster that name no index.
-- Kind, user, queue and cluster as their codes (73.3 MB with the texts at the large scale, 54 MB
-- with the cluster's text); its readers name the clusters through clusterCodesIn (app-rollup-names.ts).
CREATE INDEX IF NOT EXISTS applications_chargeback
  ON applications (cluster_code, start_time, kind_code, user_code, queue_code, vcore_seconds, memory_seconds,
                   dfs_read, dfs_written, cents);
-- A Hive query's child jobs (app-details.ts, app-writes.ts kill, pipeline-index.ts pipeline type).
CREATE INDEX IF NOT EXISTS applications_parent ON applications (parent_id) WHERE parent_id IS NOT NULL;
-- The apps that read or wrote a table, by start, with their cluster (hive-tables.ts, E073: a page
-- and the total from the indexes alone). Only the Hive, Impala and Presto queries name their
-- tables, so the partial indexes hold a quarter of the apps. The cluster as its code (its reader
-- names the clusters through clusterCodesIn, app-rollup-names.ts): 11.3 MB instead of 16 at large.
CREATE INDEX IF NOT EXISTS applications_input_table
  ON applications (input_tables, start_time, cluster_code) WHERE input_tables IS NOT NULL;
CREATE INDEX IF NOT EXISTS applications_output_table
  ON applications (output_tables, start_time, cluster_code) WHERE output_tables IS NOT NULL AND output_tables <> '';

-- A pipeline's runs and one run's apps (issue 17 workflows, repositories/workflows.ts): the top-level
-- apps of one name on some clusters in start order, without reading every app of the window. It
-- covers every column a run's figures read, so 30 days of a pipeline (40,000 apps at the large
-- scale) group from the index alone: 18 ms instead of 50 ms. Its key alone took 3.5 times the CPU:
-- 41 ms instead of 12 for 7 days of a pipeline on every cluster. The pipelines list's in-process
-- index (pipeline-index.ts) is built from it too. It holds the seeded pipelines' apps only
-- (seed/applications.ts PIPELINE_NAMES, the only names with runs): 38 MB instead of 105 at the
-- large scale. Its readers repeat this WHERE (repositories/pipeline-apps.ts PIPELINE_APPS_SQL).
-- The user as its code (user_code, named by workflows.ts groupRuns): 8 MB less than the text at
-- the large scale. The event mask for the runs that missed their SLA (reference-ops.ts
-- runsMissingSla: 7 days of every pipeline 201 → 18 ms, 30 days 868 → 72 ms at large; +0.3 MB).
-- The cluster as its code (named by groupRuns and runsMissingSla), no finish time (a run's end and
-- its running apps are read from start, duration and status: app-figures.ts finishedBound) and no
-- app id (a run's first user is its first app's by start, then rowid; a run's apps are read whole):
-- 19.3 MB instead of 35.8 at the large scale.
CREATE INDEX IF NOT EXISTS applications_pipeline_runs
  ON applications (name, cluster_code, start_time, status, duration, cents, user_code, dfs_read, dfs_written,
                   event_mask)
  WHERE parent_id IS NULL AND name IN ('daily_sales_rollup', 'customer_360_refresh', 'clickstream_sessionize',
    'inventory_snapshot', 'fraud_features', 'marketing_attribution', 'finance_ledger_close', 'recommendations_train');

-- The totals of a list (count, duration, cost and event-count ranges, apps per event name) per
-- cluster, status, kind and unravel flag, per day, quarter day, hour (and ten minutes) of the start or
-- finish time, each slice at the grains where a row sums several apps (app-rollups.ts BASE_SLICES).
-- Built by the seed beside the applications (seed/app-rollups.ts; applications are written after
-- only by a kill or a move, app-writes-rollups.ts), so a list's metadata adds a few hundred of these
-- rows instead of scanning its whole window (repositories/unified-search.ts addRollupTotals,
-- walkPopulation). Slices (see BASE_SLICES): 'all'; 'kind', 'user', 'queue' (`part`: the kind, user
-- or queue); 'inefficient' (apps with an event of type 2 or 6, B182); 'insight' (those apps, `part`:
-- the mask of their inefficient event names); 'event' (those apps once per event name, `part`: its
-- bit). Each also as '<slice>/status' (kind and flag summed: 0 and 0) and '<slice>/total' (status
-- summed too: ''). e0…e7: apps carrying event bit i (APP_EVENT_TYPES).
-- Narrow rows (issue 18: 241 MB at the large scale before, 3.6 million rows): the slice, time basis
-- and grain are one `series` code (app-rollups.ts ROLLUP_SERIES), the bucket is its number at its
-- grain, and kind, cluster, user and queue are codes of app_rollup_names (0: summed or none).
CREATE TABLE IF NOT EXISTS app_rollups (
  series              INTEGER NOT NULL,        -- app-rollups.ts seriesCode(slice, basis, grain)
  part                INTEGER NOT NULL,        -- 0, a kind, user or queue code, an event mask or bit
  bucket              INTEGER NOT NULL,        -- bucket start / grain, the start epoch ms as seeded
  status              TEXT NOT NULL,           -- '' when summed
  kind                INTEGER NOT NULL,        -- app_rollup_names code, 0 when summed
  cluster             INTEGER NOT NULL,        -- app_rollup_names code of the cluster_uid
  executed_by_unravel INTEGER NOT NULL,
  n                   INTEGER NOT NULL,
  dmin INTEGER NOT NULL, dmax INTEGER NOT NULL,
  cmin INTEGER NOT NULL, cmax INTEGER NOT NULL,
  emin INTEGER NOT NULL, emax INTEGER NOT NULL,
  e0 INTEGER NOT NULL, e1 INTEGER NOT NULL, e2 INTEGER NOT NULL, e3 INTEGER NOT NULL,
  e4 INTEGER NOT NULL, e5 INTEGER NOT NULL, e6 INTEGER NOT NULL, e7 INTEGER NOT NULL,
  PRIMARY KEY (series, part, bucket, status, kind, cluster, executed_by_unravel)
) WITHOUT ROWID;

-- The names behind app_rollups' codes (repositories/app-rollup-names.ts, the one codec its readers
-- and writers use): per field, the names in name order from 1 (so grouping by a code orders by the
-- name), written by the seed with the rollups; a move to a queue no app had appends the next code.
CREATE TABLE IF NOT EXISTS app_rollup_names (
  field TEXT NOT NULL CHECK (field IN ('kind', 'cluster', 'user', 'queue')),
  code  INTEGER NOT NULL,
  name  TEXT NOT NULL,
  PRIMARY KEY (field, code),
  UNIQUE (field, name)
) WITHOUT ROWID;

-- Chargeback usage by start day per cluster, and by start day and quarter day per platform and
-- cluster kind (cluster_uid '*CDH/Yarn': all of them), over two of kind, user and queue (`dims`: k,
-- u, q; the third ''), built by the seed beside the apps (seed/chargeback-rollups.ts). What no whole
-- bucket covers at a window's edges is read from the apps through applications_chargeback.
CREATE TABLE IF NOT EXISTS cb_rollups (
  dims        TEXT NOT NULL CHECK (dims IN ('ku', 'kq', 'uq')),
  grain       INTEGER NOT NULL,   -- bucket length, ms
  cluster_uid TEXT NOT NULL,
  bucket      INTEGER NOT NULL,   -- bucket start, epoch ms as seeded
  kind        TEXT NOT NULL,
  user        TEXT NOT NULL,
  queue       TEXT NOT NULL,
  n           INTEGER NOT NULL,
  vs          INTEGER NOT NULL,   -- vcore-seconds
  ms          INTEGER NOT NULL,   -- memory MB-seconds
  io          INTEGER NOT NULL,   -- bytes read and written
  cents       INTEGER NOT NULL,
  PRIMARY KEY (dims, grain, cluster_uid, bucket, kind, user, queue)
) WITHOUT ROWID;

-- The apps' events (B229): eight kinds of event (type, name, insight category) over hundreds of
-- thousands of apps, so each kind is named once (app_event_names) and an app's events are integers,
-- its rowid, the event's place among its events and the kind's code (app_event_links, keyed for one
-- app's events in order: app-details.ts, app-lists.ts eventCountsByApp). The lists filter by event
-- name through applications.event_mask, so no index by event. With the app's 29-character id and
-- the texts in every row, and an index by app id, the same events took 29 MB at the large scale
-- (314,000 events); as integers, under 4 MB (issue 18).
CREATE TABLE IF NOT EXISTS app_event_names (
  code       INTEGER PRIMARY KEY,
  event_type INTEGER NOT NULL,
  event_name TEXT NOT NULL,
  vt         TEXT NOT NULL,                   -- insight category code (B229)
  UNIQUE (event_type, event_name, vt)
);
CREATE TABLE IF NOT EXISTS app_event_links (
  app   INTEGER NOT NULL,                     -- applications.rowid
  seq   INTEGER NOT NULL,                     -- the event's place among the app's events, from 0
  event INTEGER NOT NULL REFERENCES app_event_names (code),
  PRIMARY KEY (app, seq)
) WITHOUT ROWID;
-- The events as (app_id, event_type, event_name, vt) rows, for readers of whole events (tests).
CREATE VIEW IF NOT EXISTS app_events (app_id, event_type, event_name, vt) AS
  SELECT a.id, n.event_type, n.event_name, n.vt
    FROM app_event_links l JOIN app_event_names n ON n.code = l.event JOIN applications a ON a.rowid = l.app;

-- The apps' tags (key = value pairs: team, project, RealUser…): a handful of pairs over hundreds of
-- thousands of apps, so each pair is named once (app_tag_names) and an app's tags are pairs of
-- integers, the app's rowid and the pair's code (app_tag_links). With the app's 29-character id and
-- the texts in every row and in the index by app, the same tags took 44.5 MB at the large scale (449,000
-- pairs); as integers, 9 MB (issue 18). The primary key (app, tag) serves one app's tags
-- (app-details.ts) and the joins from an app (applications.ts addTagFilters, chargeback.ts tag
-- groups); app_tag_links_tag the apps of a pair (app-lists.ts tagsSeenIn).
CREATE TABLE IF NOT EXISTS app_tag_names (
  code  INTEGER PRIMARY KEY,
  key   TEXT NOT NULL,
  value TEXT NOT NULL,
  UNIQUE (key, value)
);
CREATE TABLE IF NOT EXISTS app_tag_links (
  app INTEGER NOT NULL,                        -- applications.rowid
  tag INTEGER NOT NULL REFERENCES app_tag_names (code),
  PRIMARY KEY (app, tag)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS app_tag_links_tag ON app_tag_links (tag, app);
-- The tags as (app_id, key, value) rows, for the readers of whole pairs and for writes: inserting or
-- deleting a row here names the pair (if new) and links or unlinks it (app-tag-writes.ts, tests).
CREATE VIEW IF NOT EXISTS app_tags (app_id, key, value) AS
  SELECT a.id, n.key, n.value
    FROM app_tag_links l JOIN app_tag_names n ON n.code = l.tag JOIN applications a ON a.rowid = l.app;
CREATE TRIGGER IF NOT EXISTS app_tags_insert INSTEAD OF INSERT ON app_tags
BEGIN
  INSERT OR IGNORE INTO app_tag_names (key, value) VALUES (NEW.key, NEW.value);
  INSERT OR IGNORE INTO app_tag_links (app, tag)
  VALUES ((SELECT rowid FROM applications WHERE id = NEW.app_id),
          (SELECT code FROM app_tag_names WHERE key = NEW.key AND value = NEW.value));
END;
CREATE TRIGGER IF NOT EXISTS app_tags_delete INSTEAD OF DELETE ON app_tags
BEGIN
  DELETE FROM app_tag_links
   WHERE app = (SELECT rowid FROM applications WHERE id = OLD.app_id)
     AND tag = (SELECT code FROM app_tag_names WHERE key = OLD.key AND value = OLD.value);
END;

-- YARN cluster resources (issue 6), seeded by seed/cluster-resources.ts for every cluster of kind
-- Yarn. Their times are derived from the applications, so like the applications they stay as
-- seeded and are read with appsTimeShift (time-columns.ts, APP_TIME_COLUMNS).

-- The NodeManager size of a cluster: every node alike, `nodes` when none is down. Sized so the
-- allocation derived from the applications never passes the capacity left by the nodes down.
CREATE TABLE IF NOT EXISTS yarn_capacity (
  cluster_uid    TEXT PRIMARY KEY REFERENCES clusters (unravel_id),
  node_type      TEXT NOT NULL,           -- instance type (EMR) or hardware profile (on premises)
  nodes          INTEGER NOT NULL,
  node_vcores    INTEGER NOT NULL,        -- yarn.nodemanager.resource.cpu-vcores
  node_memory_mb INTEGER NOT NULL         -- yarn.nodemanager.resource.memory-mb
);

-- A node out of service for a while: UNHEALTHY (health check failing), LOST (no heartbeat) or
-- DECOMMISSIONED (taken out for repair). Times are whole base buckets (2 minutes).
CREATE TABLE IF NOT EXISTS yarn_node_events (
  cluster_uid TEXT NOT NULL REFERENCES clusters (unravel_id),
  host        TEXT NOT NULL,
  state       TEXT NOT NULL CHECK (state IN ('UNHEALTHY', 'LOST', 'DECOMMISSIONED')),
  start_time  INTEGER NOT NULL,
  end_time    INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS yarn_node_events_cluster ON yarn_node_events (cluster_uid, start_time);

-- Capacity-scheduler queues of each cluster: the queue names its applications use, capacity and
-- maximum capacity in percent of the cluster (the capacities of a cluster add up to 100).
CREATE TABLE IF NOT EXISTS yarn_queues (
  cluster_uid  TEXT NOT NULL REFERENCES clusters (unravel_id),
  queue        TEXT NOT NULL,
  capacity     REAL NOT NULL,
  max_capacity REAL NOT NULL,
  PRIMARY KEY (cluster_uid, queue)
) WITHOUT ROWID;

-- One row per cluster and 2-minute bucket (ts = the bucket's start) while the cluster lives: the
-- average vcores and memory allocated to applications during the bucket, and the nodes down. The
-- totals are (nodes - down) x the node size of yarn_capacity. The key is the only index the
-- series read, and it covers them. Stored narrow (issue 18: 33.6 MB at the large scale with the
-- cluster's text and two REALs): the cluster as a code of resource_clusters, the allocation as
-- integers of thousandths of a vcore and tenths of a MB (the precision it was rounded to); every
-- reader reads the view cluster_resources, which names and scales them back.
CREATE TABLE IF NOT EXISTS resource_clusters (
  code         INTEGER PRIMARY KEY,
  cluster_uid  TEXT NOT NULL UNIQUE REFERENCES clusters (unravel_id)
);
CREATE TABLE IF NOT EXISTS cluster_resource_buckets (
  cluster_code         INTEGER NOT NULL,
  ts                   INTEGER NOT NULL,
  vcores_milli         INTEGER NOT NULL,
  memory_mb_tenths     INTEGER NOT NULL,
  nodes_unhealthy      INTEGER NOT NULL,
  nodes_lost           INTEGER NOT NULL,
  nodes_decommissioned INTEGER NOT NULL,
  PRIMARY KEY (cluster_code, ts)
) WITHOUT ROWID;
-- A filter on cluster_uid finds the code through resource_clusters' unique key, then the buckets
-- through theirs.
CREATE VIEW IF NOT EXISTS cluster_resources AS
  SELECT n.cluster_uid, b.ts, b.vcores_milli / 1000.0 AS vcores_allocated,
         b.memory_mb_tenths / 10.0 AS memory_allocated_mb, b.nodes_unhealthy, b.nodes_lost, b.nodes_decommissioned
    FROM cluster_resource_buckets b JOIN resource_clusters n ON n.code = b.cluster_code;

-- Snowflake (issue 7), seeded by seed/snowflake-*.ts. An account is one of the SNOWFLAKE clusters;
-- its id is the account locator. Query times stay as seeded and move at read time by appsTimeShift
-- (time-columns.ts APP_TIME_COLUMNS), like the applications. Money and credits are stored as whole
-- ten-thousandths (cost_e4 = USD × 10^4, credits_e4 = credits × 10^4), so sums over queries, rollups
-- and windows agree to the last of the 4 decimals the console shows.
CREATE TABLE IF NOT EXISTS snowflake_accounts (
  account_id     TEXT PRIMARY KEY,          -- the account locator, e.g. QB41627
  cluster_uid    TEXT NOT NULL REFERENCES clusters (unravel_id),
  name           TEXT NOT NULL,
  edition        TEXT NOT NULL,
  usd_per_credit REAL NOT NULL
);

CREATE TABLE IF NOT EXISTS snowflake_warehouses (
  uid                  TEXT PRIMARY KEY,
  code                 INTEGER NOT NULL UNIQUE, -- snowflake_queries.warehouse_code (seed/snowflake-codes.ts)
  account_id           TEXT NOT NULL REFERENCES snowflake_accounts (account_id),
  name                 TEXT NOT NULL,
  size                 TEXT NOT NULL,        -- X-Small … 4X-Large
  credits_per_hour     INTEGER NOT NULL,
  min_cluster_count    INTEGER NOT NULL,
  max_cluster_count    INTEGER NOT NULL,
  scaling_policy       TEXT NOT NULL CHECK (scaling_policy IN ('STANDARD', 'ECONOMY')),
  auto_suspend_seconds INTEGER NOT NULL
);

-- The tables queries read and write (the details' Input and Output tables tabs).
CREATE TABLE IF NOT EXISTS snowflake_tables (
  id            INTEGER PRIMARY KEY,
  account_id    TEXT NOT NULL REFERENCES snowflake_accounts (account_id),
  database_name TEXT NOT NULL,
  schema_name   TEXT NOT NULL,
  name          TEXT NOT NULL,
  row_count     INTEGER NOT NULL,
  bytes         INTEGER NOT NULL,
  partitions    INTEGER NOT NULL
);

-- The parameterized statements queries run: the text with literals as {date}, {id}, {text} (each
-- query fills them from its literal_seed), its signature (query_parameterized_hash) and its tables
-- (JSON arrays of snowflake_tables ids).
CREATE TABLE IF NOT EXISTS snowflake_statements (
  id            INTEGER PRIMARY KEY,
  account_id    TEXT NOT NULL,
  template      TEXT NOT NULL,
  signature     TEXT NOT NULL,
  query_type    TEXT NOT NULL,
  database_name TEXT NOT NULL,
  schema_name   TEXT NOT NULL,
  input_tables  TEXT NOT NULL,
  output_tables TEXT NOT NULL
);

-- The names behind snowflake_queries' codes but the warehouse's (seed/snowflake-codes.ts): dim 'user',
-- 'role', 'connector' or 'tag', codes from 1 in the names' binary order.
CREATE TABLE IF NOT EXISTS snowflake_names (
  dim  TEXT NOT NULL CHECK (dim IN ('user', 'role', 'connector', 'tag')),
  code INTEGER NOT NULL,
  name TEXT NOT NULL,
  PRIMARY KEY (dim, code)
) WITHOUT ROWID;

-- QUERY_HISTORY (DOMAIN.md §1): times ms; end_time NULL while running or queued, whose duration is
-- the time so far at seeding. insight_mask: one bit per SNOWFLAKE_INSIGHT_KEYS entry, set by the seed
-- from the metrics (seed/snowflake-insights.ts).
--
-- The text a query repeats is stored as small integer codes (seed/snowflake-codes.ts): its warehouse
-- (snowflake_warehouses.code), user, role, client connector and query tag (snowflake_names), codes in
-- the names' order, so a code sorts as its name does. Its account is its warehouse's, its signature
-- and query type its statement's. Its id (a UUID's text) is kept as its 16 bytes. At the large scale
-- the table and its indexes and rollups went from 664 MB to 339 (the table 231 to 107, its window
-- index 81 to 37, the id's index 43 to 24).
-- snowflake_queries_named shows a query with its id and every name.
CREATE TABLE IF NOT EXISTS snowflake_queries (
  id_bytes                 BLOB PRIMARY KEY,     -- the query id's 16 bytes (snowflake-codes.ts queryIdBytes)
  warehouse_code           INTEGER NOT NULL,
  user_code                INTEGER NOT NULL,
  role_code                INTEGER NOT NULL,
  connector_code           INTEGER NOT NULL,
  tag_code                 INTEGER NOT NULL,
  statement_id             INTEGER NOT NULL REFERENCES snowflake_statements (id),
  literal_seed             INTEGER NOT NULL,
  status                   TEXT NOT NULL CHECK (status IN ('S', 'R', 'F', 'W', 'U', 'P')),
  message                  TEXT NOT NULL,
  session_id               INTEGER NOT NULL,
  cluster_number           INTEGER NOT NULL,
  start_time               INTEGER NOT NULL,
  end_time                 INTEGER,
  duration                 INTEGER NOT NULL,
  compilation_time         INTEGER NOT NULL,
  execution_time           INTEGER NOT NULL,
  queued_provisioning_time INTEGER NOT NULL,
  queued_repair_time       INTEGER NOT NULL,
  queued_overload_time     INTEGER NOT NULL,
  transaction_blocked_time INTEGER NOT NULL,
  list_external_files_time INTEGER NOT NULL,
  bytes_scanned            INTEGER NOT NULL,
  bytes_written            INTEGER NOT NULL,
  bytes_spilled_local      INTEGER NOT NULL,
  bytes_spilled_remote     INTEGER NOT NULL,
  partitions_scanned       INTEGER NOT NULL,
  partitions_total         INTEGER NOT NULL,
  rows_produced            INTEGER NOT NULL,
  rows_affected            INTEGER NOT NULL,
  credits_e4               INTEGER NOT NULL,
  cost_e4                  INTEGER NOT NULL,
  insight_mask             INTEGER NOT NULL,
  insight_count            INTEGER NOT NULL
);
-- No index on start_time: the seed stores the queries in start order (time-ordered-rows.ts), so a
-- window's queries (the edges no rollup bucket covers, a page sorted in memory) are a rowid range of
-- the table itself (repositories/snowflake-common.ts queryRowsOf). Its covering index took 37 MB at
-- the large scale (issue 18).
-- The first page of a long window by cost (the default sort) or duration: walked in sort order with
-- the window and the filters checked in the index, so a page reads a few hundred entries.
CREATE INDEX IF NOT EXISTS snowflake_queries_cost
  ON snowflake_queries (cost_e4, start_time, status, warehouse_code, user_code, connector_code,
                        insight_mask, duration);
CREATE INDEX IF NOT EXISTS snowflake_queries_duration
  ON snowflake_queries (duration, start_time, status, warehouse_code, user_code, connector_code,
                        insight_mask, cost_e4);
-- A signature's queries in start order, through the statements that carry it (a signature is one
-- statement's text with its literals as placeholders: snowflake_statements.signature): the list filtered
-- to a signature (snowflake-queries.ts searchTotal, pageIndex), the details' runs that day and the
-- signature's cost in the savings window (queryDetails), the cost page's sample of each signature
-- (snowflake-cost.ts costQueries). Keyed by the statement, an integer, not the 32-character signature:
-- 17 MB instead of 48 MB at the large scale.
CREATE INDEX IF NOT EXISTS snowflake_queries_statement ON snowflake_queries (statement_id, start_time);
-- One warehouse's queries in start order, with what its series and state read, and what the query
-- list filtered to one warehouse filters on (users, connectors, insights): that list's page is a sort
-- of the warehouse's window read from here (snowflake-queries.ts pageIndex). Its own index in cost
-- order (warehouse_code, cost_e4, …) and a user's twin took 25 MB each at the large scale; a month
-- of the busiest warehouse is 90,000 entries to sort.
CREATE INDEX IF NOT EXISTS snowflake_queries_warehouse
  ON snowflake_queries (warehouse_code, start_time, duration, credits_e4, cost_e4, queued_overload_time,
                        cluster_number, status, user_code, connector_code, insight_mask);

-- A query with its id as text and its names (the codes', its statement's, warehouse's and account's):
-- what a page's rows and the details read, and what a reference query in a test filters on. A
-- lookup by id compares id_bytes, which the unique index serves. CROSS JOIN keeps the queries the
-- outer loop: left to itself, the planner led with the few names and tried every query of a page once
-- per combination of them.
CREATE VIEW IF NOT EXISTS snowflake_queries_named AS
  SELECT q.rowid AS rid,
         lower(substr(hex(q.id_bytes), 1, 8) || '-' || substr(hex(q.id_bytes), 9, 4) || '-' ||
               substr(hex(q.id_bytes), 13, 4) || '-' || substr(hex(q.id_bytes), 17, 4) || '-' ||
               substr(hex(q.id_bytes), 21)) AS id,
         q.*, w.account_id, w.uid AS warehouse_uid, w.name AS warehouse_name,
         u.name AS user_name, r.name AS role_name, c.name AS client_connector, t.name AS query_tag,
         s.signature, s.query_type, s.template
    FROM snowflake_queries q
    CROSS JOIN snowflake_warehouses w ON w.code = q.warehouse_code
    CROSS JOIN snowflake_statements s ON s.id = q.statement_id
    CROSS JOIN snowflake_names u ON u.dim = 'user' AND u.code = q.user_code
    CROSS JOIN snowflake_names r ON r.dim = 'role' AND r.code = q.role_code
    CROSS JOIN snowflake_names c ON c.dim = 'connector' AND c.code = q.connector_code
    CROSS JOIN snowflake_names t ON t.dim = 'tag' AND t.code = q.tag_code;

-- Query totals per hour, day and week (7 days from the epoch) of start time (seed/snowflake-rollups.ts, built in SQL after
-- the queries): slice 'full' by every list dimension (days only), 'wh' summed over user and
-- connector (stored as 0), 'user' summed over status ('') and warehouse (0). A window reads whole buckets
-- here and its edges from the queries themselves (a rowid range: the table is stored in start order).
CREATE TABLE IF NOT EXISTS snowflake_query_rollups (
  slice            TEXT NOT NULL CHECK (slice IN ('full', 'wh', 'user')),
  grain            INTEGER NOT NULL,     -- bucket length, ms
  bucket           INTEGER NOT NULL,     -- bucket start, epoch ms as seeded
  status           TEXT NOT NULL,
  warehouse_code   INTEGER NOT NULL,     -- the queries' codes (seed/snowflake-codes.ts); 0 when summed over
  user_code        INTEGER NOT NULL,
  connector_code   INTEGER NOT NULL,
  insight_mask     INTEGER NOT NULL,
  n                INTEGER NOT NULL,
  cost_min INTEGER NOT NULL, cost_max INTEGER NOT NULL,
  duration_min INTEGER NOT NULL, duration_max INTEGER NOT NULL,
  cost_e4          INTEGER NOT NULL,
  credits_e4       INTEGER NOT NULL,
  execution_time   INTEGER NOT NULL,     -- summed ms
  queued_overload_time INTEGER NOT NULL, -- summed ms
  PRIMARY KEY (slice, grain, bucket, status, warehouse_code, user_code, connector_code, insight_mask)
) WITHOUT ROWID;

-- Cost per day of start time by query tag and by signature (the cost pages), built like the above.
CREATE TABLE IF NOT EXISTS snowflake_cost_rollups (
  dim        TEXT NOT NULL CHECK (dim IN ('tag', 'signature')),
  bucket     INTEGER NOT NULL,           -- day start, epoch ms as seeded
  key        TEXT NOT NULL,
  n          INTEGER NOT NULL,
  cost_e4    INTEGER NOT NULL,
  credits_e4 INTEGER NOT NULL,
  duration   INTEGER NOT NULL,           -- summed ms
  PRIMARY KEY (dim, bucket, key)
) WITHOUT ROWID;

-- Budgets (E168-E170): written by the console, kept across restarts, back to the seed's on a reset.
-- A budget belongs to a platform (EMR clusters' cost, or Databricks usage: issue 20); each
-- platform's users see only theirs, so a name is unique within its platform. name_key is the name
-- as uniqueness compares it (trimmed, lower case: B257).
CREATE TABLE IF NOT EXISTS budgets (
  id                INTEGER PRIMARY KEY,
  platform          TEXT NOT NULL DEFAULT 'EMR' CHECK (platform IN ('EMR', 'DB')),
  name              TEXT NOT NULL,
  name_key          TEXT NOT NULL,
  amount            REAL NOT NULL CHECK (amount > 0),   -- USD a month, to the cent
  period            TEXT NOT NULL DEFAULT 'monthly' CHECK (period = 'monthly'),
  scope_type        TEXT NOT NULL CHECK (scope_type IN ('all', 'clusters', 'workspaces', 'tag')),
  cluster_ids       TEXT NOT NULL DEFAULT '[]',          -- JSON array of EMR cluster ids (scope 'clusters')
  workspaces        TEXT NOT NULL DEFAULT '[]',          -- JSON array of Databricks workspace names ('workspaces')
  tag_key           TEXT,                                -- scope 'tag': an EMR cluster tag, or a Databricks usage tag
  tag_value         TEXT,
  threshold_percent INTEGER NOT NULL DEFAULT 80 CHECK (threshold_percent BETWEEN 1 AND 100),
  created_by        TEXT NOT NULL,
  created_at        INTEGER NOT NULL,                    -- epoch ms
  updated_at        INTEGER NOT NULL,
  UNIQUE (platform, name_key)
);

-- AWS accounts the EMR data comes from (/manage/awsaccountsettings). The secret is stored for the
-- collector and never answered back.
CREATE TABLE IF NOT EXISTS aws_accounts (
  id                INTEGER PRIMARY KEY,
  account_id        TEXT NOT NULL UNIQUE,                -- 12 digits
  alias             TEXT NOT NULL,
  region            TEXT NOT NULL,
  auth_type         TEXT NOT NULL CHECK (auth_type IN ('role', 'accessKey')),
  role_arn          TEXT,
  access_key_id     TEXT,
  secret_access_key TEXT,
  created_by        TEXT NOT NULL,
  created_at        INTEGER NOT NULL,
  updated_at        INTEGER NOT NULL
);
-- EMR clusters as the AWS account reports them (issue 16), seeded by seed/emr-clusters.ts: every
-- EMR cluster of the last 90 days, the few the product watches (rows of `clusters` with the same id,
-- whose Yarn apps are seeded) and the thousands of job clusters it does not. Times move with the
-- clock in place (time-columns.ts TIME_COLUMNS), as the `clusters` rows do. The state at any moment
-- follows from the times (repositories/emr-clusters.ts EMR_STATE_SQL): STARTING, BOOTSTRAPPING until
-- ready_at, RUNNING or WAITING (idle = 1), TERMINATING in the last two minutes before ended_at, then
-- end_state. ended_at may lie ahead of now (the cluster ends then) or be NULL (it runs on). The
-- hourly prices are the sums over its instance groups (emr_instance_groups), kept here so a list
-- filters and sorts by cost in SQL: cost = hourly x hours alive.
CREATE TABLE IF NOT EXISTS emr_clusters (
  cluster_id         TEXT PRIMARY KEY,
  cluster_name       TEXT NOT NULL,
  region             TEXT NOT NULL,
  release_label      TEXT NOT NULL,
  applications       TEXT NOT NULL,          -- installed, comma separated
  with_unravel       INTEGER NOT NULL,       -- 1: the product watches it (a clusters row, its apps seeded)
  created_at         INTEGER NOT NULL,
  ready_at           INTEGER,                -- NULL: never got ready (failed while bootstrapping)
  ended_at           INTEGER,
  end_state          TEXT NOT NULL CHECK (end_state IN ('TERMINATED', 'TERMINATED_WITH_ERRORS')),
  end_reason_code    TEXT NOT NULL,
  end_reason_message TEXT NOT NULL,
  idle               INTEGER NOT NULL,
  market_types       TEXT NOT NULL,          -- 'ON_DEMAND', 'SPOT' or 'ON_DEMAND,SPOT'
  node_count         INTEGER NOT NULL,
  ec2_hourly         REAL NOT NULL,          -- USD an hour, all groups
  emr_hourly         REAL NOT NULL,
  ebs_hourly         REAL NOT NULL,
  optimised_hourly   REAL NOT NULL,          -- the cost-optimised recommendation's (rules/emr-sizing.ts)
  peak_util          REAL NOT NULL,          -- peak share of the worker capacity used
  util_basis         TEXT NOT NULL CHECK (util_basis IN ('yarn-apps', 'cluster-utilisation')),
  downsizing_events  INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS emr_clusters_created ON emr_clusters (created_at, ended_at);
-- A window's clusters are those not ended before it starts: most ended long ago, so this walks the few.
CREATE INDEX IF NOT EXISTS emr_clusters_ended ON emr_clusters (ended_at);
-- The cluster list's pass over a window (repositories/emr-clusters.ts searchEmrClusters): every
-- column its figures, filters and sorts read, so the pass reads this narrow index, never the rows.
CREATE INDEX IF NOT EXISTS emr_clusters_list
  ON emr_clusters (ended_at, created_at, ready_at, idle, end_state, with_unravel, ec2_hourly, emr_hourly,
                   ebs_hourly, node_count, downsizing_events, cluster_name, cluster_id);

CREATE TABLE IF NOT EXISTS emr_instance_groups (
  cluster_id    TEXT NOT NULL REFERENCES emr_clusters (cluster_id),
  role          TEXT NOT NULL CHECK (role IN ('MASTER', 'CORE', 'TASK')),
  instance_type TEXT NOT NULL,
  market        TEXT NOT NULL CHECK (market IN ('ON_DEMAND', 'SPOT')),
  requested     INTEGER NOT NULL,
  running       INTEGER NOT NULL,
  ebs_gb        INTEGER NOT NULL,
  ec2_hourly    REAL NOT NULL,                -- USD an hour per instance (Spot: the price paid)
  emr_hourly    REAL NOT NULL,
  ebs_hourly    REAL NOT NULL,
  PRIMARY KEY (cluster_id, role)
) WITHOUT ROWID;

-- One value per key and cluster: Owner, env, CostCenter (the AWS tags of search/awstags),
-- EMR_Release and unravel-installed.
CREATE TABLE IF NOT EXISTS emr_cluster_tags (
  cluster_id TEXT NOT NULL REFERENCES emr_clusters (cluster_id),
  key        TEXT NOT NULL,
  value      TEXT NOT NULL,
  PRIMARY KEY (cluster_id, key)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS emr_cluster_tags_value ON emr_cluster_tags (key, value, cluster_id);
-- The tag vocabulary (every key and value some cluster carries), written by the seed with the tags:
-- a list's tag facet checks each pair for one matching cluster instead of joining every tag row.
CREATE TABLE IF NOT EXISTS emr_tag_pairs (
  key   TEXT NOT NULL,
  value TEXT NOT NULL,
  PRIMARY KEY (key, value)
) WITHOUT ROWID;

-- Node down-sizing events (the inefficient tab): a worker group whose peak use left it idle.
CREATE TABLE IF NOT EXISTS emr_cluster_events (
  cluster_id        TEXT NOT NULL REFERENCES emr_clusters (cluster_id),
  event_type        TEXT NOT NULL,
  event_time        INTEGER NOT NULL,
  role              TEXT NOT NULL,
  instance_type     TEXT NOT NULL,
  current_nodes     INTEGER NOT NULL,
  recommended_nodes INTEGER NOT NULL,
  peak_util         REAL NOT NULL,
  message           TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS emr_cluster_events_cluster ON emr_cluster_events (cluster_id, event_type);
-- A Hive query's child MR or Tez jobs (viz_json): only the children carry a parent, so the partial
-- index is small and the lookup never scans the table.
CREATE INDEX IF NOT EXISTS applications_parent ON applications (parent_id) WHERE parent_id IS NOT NULL;

-- The writes of application details (issue 17; repositories/app-writes*.ts). Kills and moves
-- write the applications row itself (and keep app_rollups and cb_rollups exact); these hold the
-- rest. Times are epoch ms on the simulated clock when written.
CREATE TABLE IF NOT EXISTS app_comments (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  app_id     TEXT NOT NULL REFERENCES applications (id),
  author     TEXT NOT NULL,
  comment    TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS app_comments_app ON app_comments (app_id, id);

-- Log-load tasks (02 §4 log loading): STARTED until ready_at, then their outcome.
CREATE TABLE IF NOT EXISTS app_log_tasks (
  task_id         TEXT PRIMARY KEY,
  app_id          TEXT NOT NULL REFERENCES applications (id),
  created_at      INTEGER NOT NULL,
  ready_at        INTEGER NOT NULL,
  outcome         TEXT NOT NULL CHECK (outcome IN ('SUCCESS', 'FAILURE')),
  failure_message TEXT
);
CREATE INDEX IF NOT EXISTS app_log_tasks_app ON app_log_tasks (app_id, created_at);

-- The global search's index (E010 apps/globalsearch, read by repositories/app-search-index.ts, built
-- by seed/search-index.ts): the apps' name, user and queue as codes of their distinct values, their
-- ids as families of numbers, cluster and start, one typed array per part; a substring search
-- matches the few distinct values, then counts a million apps in one pass of these arrays. Each part
-- is stored deflated (15 MB instead of 38 at the large scale).
CREATE TABLE IF NOT EXISTS app_search_index (
  part TEXT PRIMARY KEY,
  data BLOB NOT NULL
);

-- ============================================================================== BigQuery (issue 19)
-- Shaped like INFORMATION_SCHEMA.JOBS (DOMAIN.md §2), seeded by seed/bigquery*.ts, read by
-- repositories/bigquery-*.ts (E163-E167) and by the BigQuery chargeback (bqcb) and finished jobs
-- (fbqapps). A million jobs at the large scale, so a job carries small integer codes for its project,
-- principal, reservation, statement and label set instead of repeated text (issue 18: narrow rows);
-- the repositories turn names into codes once per request.

-- Reservations of the three editions (slot-hour prices of DOMAIN.md §2, commitments −20 % / −40 %).
CREATE TABLE IF NOT EXISTS bq_reservations (
  code              INTEGER PRIMARY KEY,
  reservation_id    TEXT NOT NULL UNIQUE,   -- ADMIN_PROJECT:LOCATION.NAME, as JOBS.reservation_id
  organization      TEXT NOT NULL,
  location          TEXT NOT NULL,
  edition           TEXT NOT NULL CHECK (edition IN ('STANDARD', 'ENTERPRISE', 'ENTERPRISE_PLUS')),
  slot_capacity     INTEGER NOT NULL,       -- baseline slots
  max_slots         INTEGER NOT NULL,       -- autoscaling maximum
  commitment        TEXT NOT NULL CHECK (commitment IN ('NONE', 'ANNUAL', 'THREE_YEAR')),
  usd_per_slot_hour REAL NOT NULL
);

-- Projects of the organisations (the project list, E165/E166); a project without a reservation runs
-- on demand. The BIGQUERYV2 clusters (seed/clusters.ts) are among them, with the same ids.
CREATE TABLE IF NOT EXISTS bq_projects (
  code           INTEGER PRIMARY KEY,
  project_id     TEXT NOT NULL UNIQUE,
  project_name   TEXT NOT NULL,
  project_number TEXT NOT NULL,
  organization   TEXT NOT NULL,
  location       TEXT NOT NULL,
  reservation    INTEGER REFERENCES bq_reservations (code),
  created_at     INTEGER NOT NULL
);

-- Who ran jobs: user emails and service accounts.
CREATE TABLE IF NOT EXISTS bq_principals (
  code               INTEGER PRIMARY KEY,
  email              TEXT NOT NULL UNIQUE,
  is_service_account INTEGER NOT NULL
);

-- Datasets' tables (the /data page, and a job's tables read and written).
CREATE TABLE IF NOT EXISTS bq_tables (
  code          INTEGER PRIMARY KEY,
  project       INTEGER NOT NULL REFERENCES bq_projects (code),
  dataset       TEXT NOT NULL,
  table_name    TEXT NOT NULL,
  partitioned   INTEGER NOT NULL,
  clustered     INTEGER NOT NULL,
  storage_bytes INTEGER NOT NULL,
  row_count     INTEGER NOT NULL,
  UNIQUE (project, dataset, table_name)
);

-- A table's storage (the /data page, repositories/bigquery-data.ts; seed/bigquery-storage.ts): of its
-- logical (uncompressed) bytes, bq_tables.storage_bytes, the active ones (modified in the last 90 days;
-- the rest is long-term); its physical (compressed) bytes and their active part; the dataset's billing
-- model; daily partitions; creation and last modification (epoch ms, moved in place like
-- bq_projects.created_at). Apart from bq_tables so that its readers and writers stay as they were; no
-- foreign key, so a test's fixture may replace bq_tables alone.
CREATE TABLE IF NOT EXISTS bq_table_storage (
  table_code            INTEGER PRIMARY KEY,
  billing_model         TEXT NOT NULL CHECK (billing_model IN ('LOGICAL', 'PHYSICAL')),
  active_logical_bytes  INTEGER NOT NULL,
  physical_bytes        INTEGER NOT NULL,
  active_physical_bytes INTEGER NOT NULL,
  partition_count       INTEGER NOT NULL,
  created_at            INTEGER NOT NULL,
  last_modified         INTEGER NOT NULL
);

-- Statements: the text a job ran, with placeholders its literal_seed fills (repeats share a signature),
-- and what it reads and writes: jobs of one statement read the same tables, so the tables are here,
-- not on a million jobs. source_tables: bq_tables codes, comma-separated.
CREATE TABLE IF NOT EXISTS bq_statements (
  id                INTEGER PRIMARY KEY,
  job_type          TEXT NOT NULL CHECK (job_type IN ('Q', 'L', 'E', 'C')),
  statement_type    TEXT NOT NULL,          -- SELECT, INSERT, MERGE, …; '' for load, extract and copy
  template          TEXT NOT NULL,
  signature         TEXT NOT NULL,
  source_tables     TEXT NOT NULL,
  destination_table INTEGER REFERENCES bq_tables (code),
  destination_uri   TEXT                    -- an extract job's gs:// URI
);

-- Labels (BigQuery's tags) and the sets of them jobs carry: jobs of a team share a few sets.
CREATE TABLE IF NOT EXISTS bq_labels (
  code  INTEGER PRIMARY KEY,
  key   TEXT NOT NULL,
  value TEXT NOT NULL,
  UNIQUE (key, value)
);
CREATE TABLE IF NOT EXISTS bq_label_sets (
  code   INTEGER NOT NULL,
  label  INTEGER NOT NULL REFERENCES bq_labels (code),
  PRIMARY KEY (code, label)
) WITHOUT ROWID;

-- The jobs. Times epoch ms (start_time NULL while pending, end_time NULL until done), duration ms from
-- creation; bytes; slot-ms; cost_e4: cents × 10,000 (on demand: bytes billed at $6.25/TiB with the
-- 10 MB minimums; editions: slot-hours at the reservation's rate; cache hits and failures free).
-- pricing: index in BIGQUERY_PRICING_PLAN_KEYS; priority 0 INTERACTIVE, 1 BATCH; insight_mask: one bit
-- per BIGQUERY_INSIGHT_KEYS entry.
-- The job id is not stored as text nor indexed (issue 18: 27.7 MB of text and a 35.5 MB unique index
-- at a million jobs): a seeded id is bquxjob_<8 hex: seq - 1>_<11 hex: id_tail>, seq being the rowid,
-- so the id is rendered from the two (repositories/bigquery-codes.ts jobIdSql) and a lookup by id is
-- a rowid seek (jobIdWhere). id_text holds an id of any other shape (a hand-written fixture's), NULL
-- for a seeded one. Rows go in in creation order.
CREATE TABLE IF NOT EXISTS bq_jobs (
  id_text                TEXT,
  project                INTEGER NOT NULL REFERENCES bq_projects (code),
  principal              INTEGER NOT NULL REFERENCES bq_principals (code),
  reservation            INTEGER REFERENCES bq_reservations (code),
  statement_id           INTEGER NOT NULL REFERENCES bq_statements (id),
  literal_seed           INTEGER NOT NULL,
  label_set              INTEGER,           -- NULL: no labels
  job_type               TEXT NOT NULL CHECK (job_type IN ('Q', 'L', 'E', 'C')),
  status                 TEXT NOT NULL CHECK (status IN ('S', 'R', 'F', 'W')),
  error_message          TEXT,
  priority               INTEGER NOT NULL,
  pricing                INTEGER NOT NULL,
  cache_hit              INTEGER NOT NULL,
  executed_by_unravel    INTEGER NOT NULL,
  create_time            INTEGER NOT NULL,
  start_time             INTEGER,
  end_time               INTEGER,
  duration               INTEGER NOT NULL,
  bytes_processed        INTEGER NOT NULL,
  bytes_billed           INTEGER NOT NULL,
  bytes_scanned          INTEGER NOT NULL,
  slot_ms                INTEGER NOT NULL,
  cost_e4                INTEGER NOT NULL,
  rows_affected          INTEGER NOT NULL,
  records_read           INTEGER NOT NULL,
  records_written        INTEGER NOT NULL,
  shuffle_bytes          INTEGER NOT NULL,
  spilled_bytes          INTEGER NOT NULL,
  wait_avg_ms            INTEGER NOT NULL, wait_max_ms    INTEGER NOT NULL,
  read_avg_ms            INTEGER NOT NULL, read_max_ms    INTEGER NOT NULL,
  compute_avg_ms         INTEGER NOT NULL, compute_max_ms INTEGER NOT NULL,
  write_avg_ms           INTEGER NOT NULL, write_max_ms   INTEGER NOT NULL,
  destination_file_count INTEGER NOT NULL,
  insight_mask           INTEGER NOT NULL,
  insight_count          INTEGER NOT NULL,
  id_tail                INTEGER,               -- the seeded id's last 11 hex digits, NULL with id_text
  seq                    INTEGER PRIMARY KEY    -- the rowid: 1 + the sequence in the id
);
-- The bq_jobs indexes (repositories/bigquery-jobs.ts, bigquery-projects.ts), each with its queries.
-- No index on create_time: the rows are stored in creation order (time-ordered-rows.ts), so a window
-- of creation time (the job list's totals and pages E163, its metadata E164, the project list E165,
-- the cost, insight, data and chargeback pages' partial days) is a rowid range of the table, read
-- NOT INDEXED (repositories/bigquery-job-window.ts); a covering window index was 53 MB at the large
-- scale (issue 18), and whole days come from the day rollups.
-- A job by an id of another shape than the seeded ones (repositories/bigquery-codes.ts jobIdWhere: E163
-- id, E167, a hand-written fixture's ids): empty in a seeded file, so an unknown id is one seek, not a
-- read of the table.
CREATE INDEX IF NOT EXISTS bq_jobs_id_text ON bq_jobs (id_text) WHERE id_text IS NOT NULL;
-- A signature's jobs (E163 signature filter, E167 signatureRuns over the last 7 days): a signature
-- is a few statements, each run a few hundred times.
CREATE INDEX IF NOT EXISTS bq_jobs_statement ON bq_jobs (statement_id, create_time);
-- The running list (E163/E164 filterType running ignores the window): the few running and pending
-- jobs, whatever their age.
CREATE INDEX IF NOT EXISTS bq_jobs_running ON bq_jobs (create_time) WHERE status IN ('R', 'W');
-- The finished BigQuery jobs (E022 search/ops/fbqapps, repositories/bq-usage.ts): the succeeded and
-- failed jobs that ended in the window, with the project and principal its filters name, counted and
-- paged from the index (a whole-table read took 180-260 ms at a million jobs).
CREATE INDEX IF NOT EXISTS bq_jobs_finished ON bq_jobs (end_time, project, principal) WHERE status IN ('S', 'F');
-- The first pages of the job list in the costliest, longest, most slot-ms and most bytes billed
-- order (E163 sort cost-desc, duration-desc, slotMs-desc, billedBytes-desc, the sorts the list's
-- columns offer): walked from the top of the sort column, the window and every list filter checked
-- in the index, stopping at the page (repositories/bigquery-job-pages.ts); a top-N sort of a 30-day
-- window read 300,000 entries (30 ms at a million jobs). Each holds only the top of its column (about
-- an eighth of the jobs: 5.6-6.6 MB each at a million jobs, 23 MB the four, against 42 MB each for
-- all the jobs): the first pages of a descending sort are there, and a page the slice cannot fill
-- falls back to the top-N sort. cost_e4 is in each, so a range filter's totals can count a slice
-- (slotMs from 10 s: the 120,000 entries of the slot-ms slice rather than a 30-day window's 300,000).
CREATE INDEX IF NOT EXISTS bq_jobs_top_cost ON bq_jobs (
  cost_e4, create_time, executed_by_unravel, status, project, principal, job_type, pricing, label_set,
  insight_mask, duration, slot_ms, bytes_billed
) WHERE cost_e4 >= 100000;
CREATE INDEX IF NOT EXISTS bq_jobs_top_duration ON bq_jobs (
  duration, create_time, executed_by_unravel, status, project, principal, job_type, pricing, label_set,
  insight_mask, slot_ms, bytes_billed, cost_e4
) WHERE duration >= 60000;
CREATE INDEX IF NOT EXISTS bq_jobs_top_slot_ms ON bq_jobs (
  slot_ms, create_time, executed_by_unravel, status, project, principal, job_type, pricing, label_set,
  insight_mask, duration, bytes_billed, cost_e4
) WHERE slot_ms >= 5000000;
CREATE INDEX IF NOT EXISTS bq_jobs_top_bytes_billed ON bq_jobs (
  bytes_billed, create_time, executed_by_unravel, status, project, principal, job_type, pricing, label_set,
  insight_mask, duration, slot_ms, cost_e4
) WHERE bytes_billed >= 34359738368;

-- A day of jobs by project × principal × label set × job type × status × pricing × Unravel flag ×
-- insight mask (seed/bigquery-rollups.ts, built as the jobs are generated, exact): the BigQuery
-- chargeback (bqcb, repositories/chargeback.ts), the finished jobs' totals and the job list's totals
-- (E163 with every filter but the ranges and the signature, repositories/bigquery-job-pages.ts) read
-- whole seeded days from it and only the window's edges from bq_jobs, e.g. `SELECT principal, sum(n),
-- sum(cost_e4) FROM bq_job_days WHERE day >= @from AND day < @to GROUP BY principal` (the primary
-- key's leading day answers the range). day: the
-- seeded UTC day's start (epoch ms; shifted at read time like bq_jobs.create_time); label_set 0: no labels.
CREATE TABLE IF NOT EXISTS bq_job_days (
  day          INTEGER NOT NULL,
  project      INTEGER NOT NULL REFERENCES bq_projects (code),
  principal    INTEGER NOT NULL REFERENCES bq_principals (code),
  label_set    INTEGER NOT NULL,
  job_type     TEXT NOT NULL,
  status       TEXT NOT NULL,
  pricing      INTEGER NOT NULL,
  unravel      INTEGER NOT NULL,          -- bq_jobs.executed_by_unravel
  insight_mask INTEGER NOT NULL,
  n            INTEGER NOT NULL,
  cost_e4      INTEGER NOT NULL,
  bytes_billed INTEGER NOT NULL,
  slot_ms      INTEGER NOT NULL,
  duration     INTEGER NOT NULL,
  PRIMARY KEY (day, project, principal, label_set, job_type, status, pricing, unravel, insight_mask)
) WITHOUT ROWID;

-- A day of jobs by statement (seed/bigquery-storage.ts, from bq_jobs after the jobs): the /data page's
-- reads (repositories/bigquery-data.ts) add a window's whole seeded days per statement, e.g. `SELECT
-- statement_id, sum(n), sum(bytes_scanned) FROM bq_statement_days WHERE day >= @from AND day < @to
-- GROUP BY statement_id` (the primary key's leading day answers the range), then each statement's
-- tables (bq_statements.source_tables); only the window's edges read bq_jobs. At a million jobs the
-- same sums from bq_jobs took 600 ms of CPU (a table read per job for its bytes). day: the seeded UTC
-- day's start; last_create: its latest job's creation (both shifted at read time like bq_jobs).
CREATE TABLE IF NOT EXISTS bq_statement_days (
  day           INTEGER NOT NULL,
  statement_id  INTEGER NOT NULL,
  n             INTEGER NOT NULL,
  bytes_scanned INTEGER NOT NULL,
  cost_e4       INTEGER NOT NULL,
  last_create   INTEGER NOT NULL,
  PRIMARY KEY (day, statement_id)
) WITHOUT ROWID;

-- ============================================================================== Databricks (issue 20)
-- Shaped like Databricks' own objects (DOMAIN.md §3; the Jobs API's runs, clusters, pipelines and SQL
-- warehouses, and system.billing.usage for the daily rollup), seeded by seed/databricks*.ts. A million
-- runs at the large scale, so rows carry small integer codes (workspace, principal, job, node type,
-- tag set) instead of repeated text (issue 18: narrow rows). Enumerations are codes into the arrays of
-- shared/src/rules/databricks-catalogue.ts (DATABRICKS_SKUS, DATABRICKS_LIFE_CYCLE_STATES, …). Money is
-- cents × 10,000 (`_e4`, as bq_jobs.cost_e4), DBUs × 10,000 (`dbus_e4`); times epoch ms.

-- Workspaces: the seeded ones and those added with the workspace form (/manage/workspaces, E137).
-- Secrets are never read back: the form stores whether a token / client secret was given and the
-- names of secrets kept in a secret store, never the secret itself.
CREATE TABLE IF NOT EXISTS db_workspaces (
  code              INTEGER PRIMARY KEY,
  workspace_id      TEXT NOT NULL UNIQUE,    -- Databricks' numeric workspace id, e.g. '4051729395532381'
  workspace_name    TEXT NOT NULL UNIQUE,
  instance_url      TEXT NOT NULL,           -- https://dbc-a1b2c3d4-e5f6.cloud.databricks.com, no trailing '/'
  cloud             TEXT NOT NULL CHECK (cloud IN ('AWS', 'AZURE')),
  tier              TEXT NOT NULL CHECK (tier IN ('STANDARD', 'PREMIUM', 'ENTERPRISE')),
  region            TEXT NOT NULL,           -- us-east-1, eastus, …
  auth_type         TEXT NOT NULL DEFAULT 'PAT' CHECK (auth_type IN ('PAT', 'OAUTH')),
  token_set         INTEGER NOT NULL DEFAULT 0,
  token_secret_name TEXT,
  identity_provider TEXT CHECK (identity_provider IN ('DATABRICKS', 'AAD')),
  tenant_id         TEXT,
  client_id         TEXT,
  client_secret_set INTEGER NOT NULL DEFAULT 0,
  client_secret_name TEXT,
  scopes            TEXT,
  account_id        TEXT,
  sql_enabled       INTEGER NOT NULL DEFAULT 1,
  seeded            INTEGER NOT NULL DEFAULT 0, -- 1: has seeded runs (a form-added workspace has none)
  created_at        INTEGER NOT NULL
);

-- Users (emails) and service principals (application ids with a display name) that own and run jobs.
CREATE TABLE IF NOT EXISTS db_principals (
  code                 INTEGER PRIMARY KEY,
  name                 TEXT NOT NULL UNIQUE,  -- jane.doe@acme.com, or the service principal's name
  is_service_principal INTEGER NOT NULL
);

-- Node types per cloud: DBU/h per node (DOMAIN.md §3) and the VM's on-demand list price; spot
-- workers pay spot_discount less for the VM (the DBUs are the same).
CREATE TABLE IF NOT EXISTS db_node_types (
  code              INTEGER PRIMARY KEY,
  cloud             TEXT NOT NULL CHECK (cloud IN ('AWS', 'AZURE')),
  node_type_id      TEXT NOT NULL,           -- i3.xlarge, Standard_DS3_v2, …
  cores             INTEGER NOT NULL,
  memory_mb         INTEGER NOT NULL,
  gpus              INTEGER NOT NULL,
  dbu_per_hour      REAL NOT NULL,
  vm_usd_per_hour   REAL NOT NULL,
  spot_discount     REAL NOT NULL,           -- 0.6: a spot VM costs 40 % of on demand
  UNIQUE (cloud, node_type_id)
);

-- Tags (custom_tags) and the sets of them clusters, jobs, pipelines and warehouses carry (a run
-- carries its compute's set).
CREATE TABLE IF NOT EXISTS db_tags (
  code  INTEGER PRIMARY KEY,
  key   TEXT NOT NULL,
  value TEXT NOT NULL,
  UNIQUE (key, value)
);
CREATE TABLE IF NOT EXISTS db_tag_sets (
  code INTEGER NOT NULL,
  tag  INTEGER NOT NULL REFERENCES db_tags (code),
  PRIMARY KEY (code, tag)
) WITHOUT ROWID;

-- All-purpose clusters (long-lived, shared by people and, wastefully, by jobs). Job clusters are not
-- rows here: each run on job compute has its own, described on the run (db_runs.node_type …) with
-- the id DATABRICKS job cluster ids take (databricksJobClusterId of the run). cluster_id is also a
-- `clusters` row (platform DB, kind db_all_purpose) so that cluster_search and cluster access see it.
-- min_workers = max_workers: fixed size; autoscaling otherwise. auto_termination_minutes 0: never.
CREATE TABLE IF NOT EXISTS db_clusters (
  code                     INTEGER PRIMARY KEY,
  cluster_id               TEXT NOT NULL UNIQUE,  -- 0412-083152-abc123
  workspace                INTEGER NOT NULL REFERENCES db_workspaces (code),
  cluster_name             TEXT NOT NULL,
  creator                  INTEGER NOT NULL REFERENCES db_principals (code),
  node_type                INTEGER NOT NULL REFERENCES db_node_types (code),
  driver_node_type         INTEGER NOT NULL REFERENCES db_node_types (code),
  min_workers              INTEGER NOT NULL,
  max_workers              INTEGER NOT NULL,
  availability             INTEGER NOT NULL,      -- DATABRICKS_AVAILABILITY index
  auto_termination_minutes INTEGER NOT NULL,
  runtime_version          TEXT NOT NULL,         -- 14.3.x-scala2.12
  photon                   INTEGER NOT NULL,
  tag_set                  INTEGER,
  created_at               INTEGER NOT NULL
);

-- Each time an all-purpose cluster ran: started, terminated (NULL while running) and why, how busy it
-- was (busy_ms: time with a command or job running; the rest is idle, e.g. waiting for the
-- auto-termination timeout), its average workers, and the DBUs and cost of the session OTHER than the
-- job runs on it (interactive work and idle time; ALL_PURPOSE_COMPUTE at its workspace's tier and
-- cloud, VMs spot priced): a run on an all-purpose cluster carries its own share in db_runs, so the
-- session and its runs add up to the cluster's bill without counting a DBU twice.
CREATE TABLE IF NOT EXISTS db_cluster_sessions (
  id                 INTEGER PRIMARY KEY,
  cluster            INTEGER NOT NULL REFERENCES db_clusters (code),
  principal          INTEGER NOT NULL REFERENCES db_principals (code), -- who started it
  start_time         INTEGER NOT NULL,
  end_time           INTEGER,
  termination_reason INTEGER,                -- DATABRICKS_TERMINATION_REASONS index; NULL while running
  busy_ms            INTEGER NOT NULL,
  avg_workers        REAL NOT NULL,
  dbus_e4            INTEGER NOT NULL,
  dbu_cost_e4        INTEGER NOT NULL,
  vm_cost_e4         INTEGER NOT NULL
);

-- Jobs (Workflows): a schedule (Quartz cron, NULL: triggered by hand or by API), the compute its
-- tasks run on (compute_kind: DATABRICKS_COMPUTE_KINDS index; an ALL_PURPOSE job names the cluster,
-- a JOB one describes the new job cluster each run gets).
CREATE TABLE IF NOT EXISTS db_jobs (
  code          INTEGER PRIMARY KEY,
  workspace     INTEGER NOT NULL REFERENCES db_workspaces (code),
  job_id        INTEGER NOT NULL,            -- Databricks' job id (unique within a workspace)
  job_name      TEXT NOT NULL,
  owner         INTEGER NOT NULL REFERENCES db_principals (code),
  run_as        INTEGER NOT NULL REFERENCES db_principals (code),
  schedule      TEXT,
  compute_kind  INTEGER NOT NULL,
  cluster       INTEGER REFERENCES db_clusters (code),
  node_type     INTEGER REFERENCES db_node_types (code),
  min_workers   INTEGER,
  max_workers   INTEGER,
  availability  INTEGER,
  tag_set       INTEGER,
  created_at    INTEGER NOT NULL,
  UNIQUE (workspace, job_id)
);

-- A job's tasks (task_type: DATABRICKS_TASK_TYPES index; source: the notebook path, wheel
-- package:entry point, SQL file or query, or the pipeline_id of a DLT task; depends_on: task keys,
-- comma-separated). Task runs are not stored: a run's task runs are derived from these and the run.
CREATE TABLE IF NOT EXISTS db_job_tasks (
  job        INTEGER NOT NULL REFERENCES db_jobs (code),
  task_key   TEXT NOT NULL,
  position   INTEGER NOT NULL,
  task_type  INTEGER NOT NULL,
  source     TEXT NOT NULL,
  depends_on TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (job, task_key)
) WITHOUT ROWID;

-- Job runs (a million at the large scale). life_cycle_state / result_state: DATABRICKS_* indexes
-- (result NULL until terminal); status: the console's code derived from them (databricksRunStatus).
-- start_time: when the run was triggered; setup_ms: cluster start before the first task; duration:
-- start to end (or to now while running). Compute: copied from the job at run time (a job cluster's
-- node type, workers and availability; cluster for an all-purpose run). Cost: DBUs × the SKU's list
-- price for the workspace's tier and cloud (dbu_cost_e4) plus the VM cost (vm_cost_e4; 0 on
-- serverless). cost_final_at: billing lags; until then the runs list answers cost 0 and
-- runs/{runId}/cost the actual one (02 §4 Databricks cost). insight_mask: one bit per
-- DATABRICKS_INSIGHT_KEYS entry.
CREATE TABLE IF NOT EXISTS db_runs (
  id               INTEGER PRIMARY KEY,     -- Databricks' run_id
  job              INTEGER NOT NULL REFERENCES db_jobs (code),
  workspace        INTEGER NOT NULL REFERENCES db_workspaces (code), -- the job's (for the filter)
  principal        INTEGER NOT NULL REFERENCES db_principals (code), -- run as
  trigger_type     INTEGER NOT NULL,        -- DATABRICKS_TRIGGERS index
  attempt          INTEGER NOT NULL,        -- 0, or the retry number
  life_cycle_state INTEGER NOT NULL,
  result_state     INTEGER,
  status           TEXT NOT NULL CHECK (status IN ('S', 'F', 'K', 'R', 'P', 'W', 'U')),
  start_time       INTEGER NOT NULL,
  setup_ms         INTEGER NOT NULL,
  end_time         INTEGER,
  duration         INTEGER NOT NULL,
  compute_kind     INTEGER NOT NULL,
  cluster          INTEGER REFERENCES db_clusters (code),
  node_type        INTEGER REFERENCES db_node_types (code),
  workers          REAL NOT NULL,           -- average workers over the run
  availability     INTEGER NOT NULL,
  sku              INTEGER NOT NULL,        -- DATABRICKS_SKUS index
  dbus_e4          INTEGER NOT NULL,
  dbu_cost_e4      INTEGER NOT NULL,
  vm_cost_e4       INTEGER NOT NULL,
  cost_final_at    INTEGER NOT NULL,
  tag_set          INTEGER,
  insight_mask     INTEGER NOT NULL,
  error_message    TEXT
);
-- The db_runs indexes (repositories/databricks-runs.ts, databricks-jobs.ts), each with its queries.
-- No index on start_time: the seed stores the runs in start order, run ids growing with it, so a
-- start window (the runs lists E015, its /ds twin, E016, unifiedsearch appTypes db; the jobs and
-- pipelines lists E017; the compute list; the cost readers' edge days) is a rowid range of the table
-- itself (repositories/databricks-run-window.ts, time-ordered-rows.ts), read instead of a 55 MB
-- covering index (issue 18's file budget). queryOnFinishedTime (E015) reads such a range too: an
-- ended run's end_time is start_time + duration, so its window is the start times from the longest
-- run before it, the end tested beside them.
-- The running tab (E015 appStatus ["R"], which ignores the window): the few running runs.
CREATE INDEX IF NOT EXISTS db_runs_running ON db_runs (start_time) WHERE status = 'R';
-- The longest run (max(duration)) and a runs list sorted by duration (E015 sort duration, either
-- way): walked in the sort order, the window tested on start_time, when the page is expected within
-- a few thousand entries (repositories/databricks-runs.ts pageIds) rather than sorting a 90-day window.
-- It carries the costs and insights too: a duration filter's edge buckets (db_run_day_splits) are
-- read from it alone (a 90-day window's 30,000 runs around 10 minutes: 130 ms through the table, 15).
CREATE INDEX IF NOT EXISTS db_runs_by_duration ON db_runs (
  duration, start_time, dbu_cost_e4, vm_cost_e4, insight_mask
);
-- A runs list sorted by total cost, the costliest first (E015 sort total_cost desc): walked the same way;
-- and a cost filter's edge buckets, read from it alone as the duration's are.
CREATE INDEX IF NOT EXISTS db_runs_by_total ON db_runs (
  dbu_cost_e4 + vm_cost_e4, start_time, duration, insight_mask
);
-- A job's runs (E016 and the jobIds filter: a few jobs' runs of the window without reading the whole
-- window; E018: the job selector orders jobs by their latest run).
CREATE INDEX IF NOT EXISTS db_runs_job ON db_runs (job, start_time);
-- A runs list sorted by user (E015 sort user, either way): the principals walked in name order, each
-- one's runs of the window read in turn (repositories/databricks-runs.ts pageIds), rather than sorting
-- a 90-day window by a name looked up per run; and a page of a few users' runs (the users filter),
-- sorted from here (by duration from the index alone).
CREATE INDEX IF NOT EXISTS db_runs_principal ON db_runs (principal, start_time, duration);

-- The runs lists' whole stored days (repositories/databricks-runs-days.ts: rollUpDatabricksRunDays, run by
-- the seed after db_runs): per UTC day of start_time, status, workspace and compute kind, the runs, their
-- duration and total cost (DBUs and VMs, cents × 10,000) ranges, the latest cost_final_at (a day counts
-- only once every run of it is final) and the runs carrying each insight (i0-i4: DATABRICKS_INSIGHT_KEYS
-- bits). E015's count, ranges and insights of a window read whole days here and its edges from the
-- window's rows; the reader checks the rollup is of the db_runs it has (settings db_run_days_of).
CREATE TABLE IF NOT EXISTS db_run_days (
  day           INTEGER NOT NULL,
  status        TEXT NOT NULL,
  workspace     INTEGER NOT NULL,
  compute_kind  INTEGER NOT NULL,
  n             INTEGER NOT NULL,
  min_duration  INTEGER NOT NULL,
  max_duration  INTEGER NOT NULL,
  min_cost_e4   INTEGER NOT NULL,
  max_cost_e4   INTEGER NOT NULL,
  last_final_at INTEGER NOT NULL,
  i0            INTEGER NOT NULL,
  i1            INTEGER NOT NULL,
  i2            INTEGER NOT NULL,
  i3            INTEGER NOT NULL,
  i4            INTEGER NOT NULL,
  PRIMARY KEY (day, status, workspace, compute_kind)
) WITHOUT ROWID;

-- The whole stored days of the runs lists split by one filter each (E015 durations, cost, users, and
-- the jobs of jobIds, globalsearchpattern and signature; the same writer): per UTC day of start_time
-- and key of a split (0 the duration's bucket, 1 the total cost's bucket, both of RANGE_BOUNDS, 4.4 %
-- wide; 2 the principal; 3 the job), the runs, their ranges and insights. A window filtered by one of
-- them reads its keys here; a range its buckets wholly inside, its two edge buckets from
-- db_runs_by_duration or db_runs_by_total. A 90-day window reads thousands of rows, not a million runs.
CREATE TABLE IF NOT EXISTS db_run_day_splits (
  split         INTEGER NOT NULL,
  day           INTEGER NOT NULL,
  key           INTEGER NOT NULL,
  n             INTEGER NOT NULL,
  min_duration  INTEGER NOT NULL,
  max_duration  INTEGER NOT NULL,
  min_cost_e4   INTEGER NOT NULL,
  max_cost_e4   INTEGER NOT NULL,
  i0            INTEGER NOT NULL,
  i1            INTEGER NOT NULL,
  i2            INTEGER NOT NULL,
  i3            INTEGER NOT NULL,
  i4            INTEGER NOT NULL,
  PRIMARY KEY (split, day, key)
) WITHOUT ROWID;

-- Delta Live Tables pipelines and their updates (edition: DATABRICKS_DLT_EDITIONS index). An update a
-- job's PIPELINE task triggered names that run (job_run) and its DBUs are the run's (db_runs carries
-- them, at the DLT SKU of the edition); only updates without a job run (continuous pipelines, manual
-- refreshes) add usage of their own, so nothing is counted twice.
CREATE TABLE IF NOT EXISTS db_pipelines (
  code         INTEGER PRIMARY KEY,
  pipeline_id  TEXT NOT NULL UNIQUE,        -- a UUID
  workspace    INTEGER NOT NULL REFERENCES db_workspaces (code),
  name         TEXT NOT NULL,
  owner        INTEGER NOT NULL REFERENCES db_principals (code),
  edition      INTEGER NOT NULL,
  continuous   INTEGER NOT NULL,
  serverless   INTEGER NOT NULL,
  node_type    INTEGER REFERENCES db_node_types (code),
  min_workers  INTEGER NOT NULL,
  max_workers  INTEGER NOT NULL,
  tag_set      INTEGER,
  created_at   INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS db_pipeline_updates (
  id           INTEGER PRIMARY KEY,
  update_id    TEXT NOT NULL,               -- a UUID
  pipeline     INTEGER NOT NULL REFERENCES db_pipelines (code),
  job_run      INTEGER,                     -- db_runs.id of the run that triggered it
  state        INTEGER NOT NULL,            -- DATABRICKS_UPDATE_STATES index
  status       TEXT NOT NULL CHECK (status IN ('S', 'F', 'K', 'R', 'P', 'W', 'U')),
  start_time   INTEGER NOT NULL,
  end_time     INTEGER,
  duration     INTEGER NOT NULL,
  dbus_e4      INTEGER NOT NULL,
  dbu_cost_e4  INTEGER NOT NULL,
  vm_cost_e4   INTEGER NOT NULL
);

-- SQL warehouses (warehouse_type: DATABRICKS_WAREHOUSE_TYPES index; size: DATABRICKS_WAREHOUSE_SIZES
-- index, whose DBU/h DOMAIN.md §3 gives), their uptime (billed per cluster while up, to the
-- auto-stop) and the queries they ran.
CREATE TABLE IF NOT EXISTS db_warehouses (
  code              INTEGER PRIMARY KEY,
  warehouse_id      TEXT NOT NULL UNIQUE,   -- 16 hex digits
  workspace         INTEGER NOT NULL REFERENCES db_workspaces (code),
  name              TEXT NOT NULL,
  creator           INTEGER NOT NULL REFERENCES db_principals (code),
  warehouse_type    INTEGER NOT NULL,
  size              INTEGER NOT NULL,
  min_clusters      INTEGER NOT NULL,
  max_clusters      INTEGER NOT NULL,
  auto_stop_minutes INTEGER NOT NULL,
  tag_set           INTEGER,
  created_at        INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS db_warehouse_sessions (
  id           INTEGER PRIMARY KEY,
  warehouse    INTEGER NOT NULL REFERENCES db_warehouses (code),
  start_time   INTEGER NOT NULL,
  end_time     INTEGER,
  busy_ms      INTEGER NOT NULL,
  avg_clusters REAL NOT NULL,
  dbus_e4      INTEGER NOT NULL,
  dbu_cost_e4  INTEGER NOT NULL,
  vm_cost_e4   INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS db_sql_queries (
  id             INTEGER PRIMARY KEY,
  query_id       TEXT NOT NULL,             -- a UUID
  warehouse      INTEGER NOT NULL REFERENCES db_warehouses (code),
  principal      INTEGER NOT NULL REFERENCES db_principals (code),
  statement_type TEXT NOT NULL,             -- SELECT, INSERT, MERGE, …
  query_text     TEXT NOT NULL,
  status         TEXT NOT NULL CHECK (status IN ('S', 'F', 'K', 'R', 'P', 'W', 'U')),
  start_time     INTEGER NOT NULL,
  end_time       INTEGER,
  duration       INTEGER NOT NULL,
  rows_produced  INTEGER NOT NULL,
  read_bytes     INTEGER NOT NULL,
  error_message  TEXT
);

-- The /sql pages (repositories/databricks-sql*.ts). A session's next one on the same warehouse
-- (sql_sessions.next_start: MIN(start_time) WHERE warehouse = ? AND start_time > ?), which bounds
-- the queries that belong to it. (The window's sessions are read by a scan: at most a few
-- thousand rows, about 1,000 at the large scale.)
CREATE INDEX IF NOT EXISTS db_warehouse_sessions_start ON db_warehouse_sessions (warehouse, start_time);
-- The queries started in a window (start_time >= ? AND start_time < ?): the queries list (newest
-- first by default) and, read from the index alone, the window's sums per user and per warehouse
-- (user_queries, query_sums: counts, failures, run time, bytes, rows) and the duration percentiles.
CREATE INDEX IF NOT EXISTS db_sql_queries_window
  ON db_sql_queries (start_time, warehouse, principal, status, duration, read_bytes, rows_produced);
-- A session's queries for the users' cost attribution (sql_shares: warehouse = ? AND start_time in
-- the session's span), carrying principal and duration so the join reads the index alone.
CREATE INDEX IF NOT EXISTS db_sql_queries_session ON db_sql_queries (warehouse, start_time, principal, duration);

-- The daily usage (like system.billing.usage): every DBU billed, by UTC day of the usage's start (a
-- run's start_time, a session's start_time), workspace, principal, SKU, what used it (source_type:
-- DATABRICKS_USAGE_SOURCES index — JOB_RUN, CLUSTER, PIPELINE, WAREHOUSE — and source: the job,
-- cluster, pipeline or warehouse code) and tag set (0: none). The cost trends, chargeback (dcb),
-- billing and home read whole days here and the window's edges from the rows (as bq_job_days).
-- n: runs, sessions or updates (seed/databricks-usage.ts: rollUpStoredDatabricksUsage is the SQL
-- definition; the seed may accumulate the same sums while generating).
CREATE TABLE IF NOT EXISTS db_usage_days (
  day          INTEGER NOT NULL,
  workspace    INTEGER NOT NULL,
  principal    INTEGER NOT NULL,
  sku          INTEGER NOT NULL,
  source_type  INTEGER NOT NULL,
  source       INTEGER NOT NULL,
  tag_set      INTEGER NOT NULL,
  n            INTEGER NOT NULL,
  duration     INTEGER NOT NULL,
  dbus_e4      INTEGER NOT NULL,
  dbu_cost_e4  INTEGER NOT NULL,
  vm_cost_e4   INTEGER NOT NULL,
  PRIMARY KEY (day, workspace, principal, sku, source_type, source, tag_set)
) WITHOUT ROWID;

-- The cost readers (repositories/databricks-cost-pieces.ts) read the runs started in a window's
-- partial edge days (cost trends, dcb chargeback: start_time >= ? AND start_time < ?) as the rowid
-- range of db_runs (stored in start order). This one finds the first day holding a run whose cost
-- is not final yet (min(start_time) WHERE cost_final_at > now: a few hours of runs, read from this
-- index alone), and the cost readers' runs not billed yet (databricks-cost-pieces.ts UNFINAL_RUNS_SQL:
-- a rollup day less those few runs' DBUs and costs, rather than the day read run by run).
CREATE INDEX IF NOT EXISTS db_runs_cost_final ON db_runs (cost_final_at, start_time);

-- Billing contracts (the /manage/billing page, E148): a commit plan of a start and end date, a
-- starting credit in USD and a monthly threshold; consumption is read from db_usage_days.
CREATE TABLE IF NOT EXISTS db_billing_contracts (
  id                INTEGER PRIMARY KEY,
  plan              TEXT NOT NULL,
  start_date        INTEGER NOT NULL,
  end_date          INTEGER NOT NULL,
  starting_credit   REAL NOT NULL,
  monthly_threshold REAL NOT NULL,
  created_at        INTEGER NOT NULL
);

-- The insights pages' savings (/jobs/insights, its actions page, E054; contract
-- shared/src/contracts/databricks-savings.ts). db_run_insights: each finished run's saving per
-- insight (insight: DATABRICKS_INSIGHT_KEYS bit), from its full figures by deriveDatabricksInsights
-- (details/databricks-insights.ts, the run details' own function, so both agree to the cent); a
-- reader counts it only from the run's cost_final_at on (billing lag: 0 before, as the run's cost).
-- db_insight_days: its rollup per stored UTC day of start_time, job and insight (insight -1: the runs
-- with any insight, once each, and their cost), so a 90-day window reads days, not 200,000 runs.
-- Both are written by repositories/databricks-insights-rollup.ts (the seed; a reader finding db_runs
-- replaced, as the tests' fixture does, rebuilds them); db_insight_rollup_of holds the db_runs
-- fingerprint they were built from. No foreign keys: db_runs and db_jobs are replaced wholesale.
CREATE TABLE IF NOT EXISTS db_run_insights (
  run       INTEGER NOT NULL,              -- db_runs.id
  insight   INTEGER NOT NULL,
  saving_e4 INTEGER NOT NULL,              -- cents × 10,000
  PRIMARY KEY (run, insight)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS db_insight_days (
  day       INTEGER NOT NULL,
  job       INTEGER NOT NULL,              -- db_jobs.code
  insight   INTEGER NOT NULL,              -- bit, or -1: any insight
  runs      INTEGER NOT NULL,
  cost_e4   INTEGER NOT NULL,              -- the runs' DBU + VM cost
  saving_e4 INTEGER NOT NULL,
  PRIMARY KEY (day, job, insight)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS db_insight_rollup_of (
  fingerprint TEXT NOT NULL
);
-- The job × insight actions a user marked done (or reopened: done_at NULL). No row: open. done_at is
-- stored ms (as the runs' times): a run that started after it earns the saving (realised), one
-- before it still counts as untapped. Written by the actions page (survives restarts; a reseed
-- returns to the seeded ones).
CREATE TABLE IF NOT EXISTS db_insight_actions (
  job        INTEGER NOT NULL,             -- db_jobs.code
  insight    INTEGER NOT NULL,             -- DATABRICKS_INSIGHT_KEYS bit
  done_at    INTEGER,
  done_by    TEXT,
  note       TEXT,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (job, insight)
) WITHOUT ROWID;

-- HBase (issue 21), seeded by seed/hbase.ts: the region servers, namespaces, tables and regions of
-- the Hadoop clusters that run HBase (seed/hbase.ts HBASE_CLUSTERS), and a 5-minute series per
-- region server. Times stay as seeded and move at read time by appsTimeShift rounded to 5 minutes
-- (time-columns.ts APP_TIME_COLUMNS); the series runs a day past the seed's now so it is still
-- current a day into a session, and readers never show a bucket after now. A table's and a region's
-- figures at a moment are their regions' shares of their servers' figures (read_share, write_share,
-- size_share, memstore_share: each sums to 1 over a live server's regions), so a table's requests,
-- its regions' and its servers' always add up. Alert thresholds: contracts/hbase.ts
-- HBASE_ALERT_THRESHOLDS (applied by repositories/hbase-alerts.ts).
CREATE TABLE IF NOT EXISTS hbase_clusters (
  cluster_uid  TEXT PRIMARY KEY REFERENCES clusters (unravel_id),
  version      TEXT NOT NULL                -- e.g. 2.4.17
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS hbase_servers (
  id              INTEGER PRIMARY KEY,
  cluster_uid     TEXT NOT NULL REFERENCES hbase_clusters (cluster_uid),
  host            TEXT NOT NULL,            -- HBASE_HOST_PREFIX (18 characters) || fqdn (B209)
  fqdn            TEXT NOT NULL,
  dead_since      INTEGER,                  -- stored ms: no bucket from then on; NULL while alive
  heap_max_mb     INTEGER NOT NULL,
  non_heap_max_mb INTEGER NOT NULL,
  cores           INTEGER NOT NULL,
  mem_total_bytes INTEGER NOT NULL
);
-- E064/E072 and every per-cluster read find a cluster's servers, and a host by name (either form).
CREATE UNIQUE INDEX IF NOT EXISTS hbase_servers_host ON hbase_servers (cluster_uid, host);
CREATE UNIQUE INDEX IF NOT EXISTS hbase_servers_fqdn ON hbase_servers (cluster_uid, fqdn);
CREATE TABLE IF NOT EXISTS hbase_tables (
  id             INTEGER PRIMARY KEY,
  cluster_uid    TEXT NOT NULL REFERENCES hbase_clusters (cluster_uid),
  namespace      TEXT NOT NULL,
  name           TEXT NOT NULL,
  enabled        INTEGER NOT NULL,
  system         INTEGER NOT NULL,          -- hbase:meta, hbase:namespace
  created_at     INTEGER NOT NULL,          -- stored ms
  max_file_size  INTEGER NOT NULL,          -- bytes: the region split threshold
  families_json  TEXT NOT NULL              -- column family descriptors (E068)
);
-- E065/E068/E069 look a table up by its full name; E070 lists a cluster's tables by namespace, name.
CREATE UNIQUE INDEX IF NOT EXISTS hbase_tables_name ON hbase_tables (cluster_uid, namespace, name);
CREATE TABLE IF NOT EXISTS hbase_regions (
  id             INTEGER PRIMARY KEY,
  table_id       INTEGER NOT NULL REFERENCES hbase_tables (id),
  server_id      INTEGER NOT NULL REFERENCES hbase_servers (id),
  encoded_name   TEXT NOT NULL,             -- 32 hex digits
  start_key      TEXT NOT NULL,
  end_key        TEXT NOT NULL,
  region_ts      INTEGER NOT NULL,          -- the region id (its creation, ms), part of its name
  read_share     REAL NOT NULL,             -- share of its server's reads
  write_share    REAL NOT NULL,             -- share of its server's writes
  size_share     REAL NOT NULL,             -- share of its server's store file bytes
  memstore_share REAL NOT NULL,             -- share of its server's memstore bytes
  store_files    INTEGER NOT NULL,
  locality       REAL NOT NULL,             -- % of its HFile bytes on its server (55-100)
  rit_age_ms     INTEGER                    -- in transition for this long; NULL when not
);
-- E069/E065/E068 read one table's regions; E067/E070/E071 one server's (the host drill).
CREATE INDEX IF NOT EXISTS hbase_regions_table ON hbase_regions (table_id, server_id);
CREATE INDEX IF NOT EXISTS hbase_regions_server ON hbase_regions (server_id, table_id);
-- One row per live region server and 5-minute bucket (ts = the bucket's start, stored ms). Rates are
-- per second averaged over the bucket, slow_* the operations over 10 s in the bucket, sizes and
-- queues at its end. The key is the only index the series and window sums read, and covers them.
CREATE TABLE IF NOT EXISTS hbase_server_samples (
  server_id           INTEGER NOT NULL REFERENCES hbase_servers (id),
  ts                  INTEGER NOT NULL,
  read_rate_c         INTEGER NOT NULL, -- requests/s
  write_rate_c        INTEGER NOT NULL, -- requests/s
  rpc_queue_ms_c      INTEGER NOT NULL, -- RpcQueueTime_avg_time
  rpc_processing_ms_c INTEGER NOT NULL,
  compaction_queue    INTEGER NOT NULL,
  flush_queue         INTEGER NOT NULL,
  memstore_bytes      INTEGER NOT NULL,
  store_file_bytes    INTEGER NOT NULL,
  hlog_bytes          INTEGER NOT NULL,
  slow_put            INTEGER NOT NULL,
  slow_increment      INTEGER NOT NULL,
  slow_get            INTEGER NOT NULL,
  slow_delete         INTEGER NOT NULL,
  slow_append         INTEGER NOT NULL,
  heap_used_mb_d      INTEGER NOT NULL,
  non_heap_used_mb_d  INTEGER NOT NULL,
  gc_ms_c             INTEGER NOT NULL, -- GC pause ms per second
  gc_count_m          INTEGER NOT NULL, -- collections per second
  cpu_pct_c           INTEGER NOT NULL,
  load1_c             INTEGER NOT NULL,
  mem_used_bytes      INTEGER NOT NULL,
  disk_read_bps_c     INTEGER NOT NULL,
  disk_write_bps_c    INTEGER NOT NULL,
  net_in_bps_c        INTEGER NOT NULL,
  net_out_bps_c       INTEGER NOT NULL,
  PRIMARY KEY (server_id, ts)
) WITHOUT ROWID;
-- Stored narrow (issue 18: the rates, times and loads as integers of hundredths, the heap of tenths
-- and the GC count of thousandths, the precision the seed rounds them to: 33 MB of REALs at the
-- large scale); every reader reads the view hbase_server_series, which scales them back.
CREATE VIEW IF NOT EXISTS hbase_server_series AS
  SELECT s.server_id,
         s.ts,
         s.read_rate_c / 100.0 AS read_rate,
         s.write_rate_c / 100.0 AS write_rate,
         s.rpc_queue_ms_c / 100.0 AS rpc_queue_ms,
         s.rpc_processing_ms_c / 100.0 AS rpc_processing_ms,
         s.compaction_queue,
         s.flush_queue,
         s.memstore_bytes,
         s.store_file_bytes,
         s.hlog_bytes,
         s.slow_put,
         s.slow_increment,
         s.slow_get,
         s.slow_delete,
         s.slow_append,
         s.heap_used_mb_d / 10.0 AS heap_used_mb,
         s.non_heap_used_mb_d / 10.0 AS non_heap_used_mb,
         s.gc_ms_c / 100.0 AS gc_ms,
         s.gc_count_m / 1000.0 AS gc_count,
         s.cpu_pct_c / 100.0 AS cpu_pct,
         s.load1_c / 100.0 AS load1,
         s.mem_used_bytes,
         s.disk_read_bps_c / 100.0 AS disk_read_bps,
         s.disk_write_bps_c / 100.0 AS disk_write_bps,
         s.net_in_bps_c / 100.0 AS net_in_bps,
         s.net_out_bps_c / 100.0 AS net_out_bps
    FROM hbase_server_samples s;

-- Kafka (issue 21), seeded by seed/kafka.ts: Kafka clusters beside the Hadoop clusters, their
-- brokers, topics, partitions and consumer groups, and each cluster's traffic load per minute and
-- per hour. Times stay as seeded and move at read time by appsTimeShift rounded to whole hours
-- (time-columns.ts APP_TIME_COLUMNS). A topic's rate at a moment is its base rate times its mix
-- (w_day, w_etl, w_flat) of its cluster's three load profiles then; a partition's is its share of
-- its topic's; a broker's the sum over the partitions it leads. So brokers add up to their cluster
-- and partitions to their topic exactly, and offsets (the integral of the rates, kept as cum_*) grow
-- with the same diurnal shape. Consumer lag is computed from the offsets and each group's delay
-- model (repositories/kafka-lag.ts), so it needs no rows of its own.
CREATE TABLE IF NOT EXISTS kafka_clusters (
  id               INTEGER PRIMARY KEY,
  name             TEXT NOT NULL UNIQUE,      -- the key in paths (G88); UNIQUE: every call finds it by name
  kafka_cluster_id TEXT NOT NULL,             -- Kafka's own id, for display
  cluster_uid      TEXT NOT NULL REFERENCES clusters (unravel_id),
  version          TEXT NOT NULL,
  created_at       INTEGER NOT NULL,          -- stored ms
  controller_id    INTEGER NOT NULL           -- broker_id of the active controller
);
CREATE TABLE IF NOT EXISTS kafka_brokers (
  id          INTEGER PRIMARY KEY,
  cluster_id  INTEGER NOT NULL REFERENCES kafka_clusters (id),
  broker_id   INTEGER NOT NULL,               -- Kafka's broker id (1001...)
  host        TEXT NOT NULL,
  port        INTEGER NOT NULL,
  rack        TEXT NOT NULL
);
-- Every call reads a cluster's brokers in id order, and kpi finds one by id.
CREATE UNIQUE INDEX IF NOT EXISTS kafka_brokers_cluster ON kafka_brokers (cluster_id, broker_id);
-- A broker briefly behind (its follower replicas out of sync) from start_ts to end_ts (stored ms);
-- a cluster's lapses never overlap. The key serves the per-broker join of every read.
CREATE TABLE IF NOT EXISTS kafka_broker_lapses (
  broker_id  INTEGER NOT NULL REFERENCES kafka_brokers (id),
  start_ts   INTEGER NOT NULL,
  end_ts     INTEGER NOT NULL,
  PRIMARY KEY (broker_id, start_ts)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS kafka_topics (
  id                 INTEGER PRIMARY KEY,
  cluster_id         INTEGER NOT NULL REFERENCES kafka_clusters (id),
  name               TEXT NOT NULL,
  internal           INTEGER NOT NULL,        -- __consumer_offsets
  partitions         INTEGER NOT NULL,
  replication_factor INTEGER NOT NULL,
  retention_ms       INTEGER NOT NULL,
  created_at         INTEGER NOT NULL,        -- stored ms
  msgs_per_s         REAL NOT NULL,           -- messages/s at load 1
  bytes_per_msg      REAL NOT NULL,
  readers            INTEGER NOT NULL,        -- groups fetching it (bytes out = bytes in x readers)
  w_day              REAL NOT NULL,           -- its mix of the cluster's load profiles (sums to 1)
  w_etl              REAL NOT NULL,
  w_flat             REAL NOT NULL
);
-- Lists a cluster's topics (sorted and paged in SQL) and finds one by name.
CREATE UNIQUE INDEX IF NOT EXISTS kafka_topics_name ON kafka_topics (cluster_id, name);
CREATE TABLE IF NOT EXISTS kafka_partitions (
  topic_id     INTEGER NOT NULL REFERENCES kafka_topics (id),
  partition    INTEGER NOT NULL,
  leader_id    INTEGER NOT NULL,              -- broker_id of its leader
  replicas     TEXT NOT NULL,                 -- broker ids, comma-separated, the leader first
  share        REAL NOT NULL,                 -- its share of its topic's messages (sums to 1)
  offset_base  INTEGER NOT NULL,              -- its log end offset at the history's start
  fragile      INTEGER NOT NULL,              -- 1: its followers drop out of sync while their broker is behind
  PRIMARY KEY (topic_id, partition)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS kafka_groups (
  id             INTEGER PRIMARY KEY,
  cluster_id     INTEGER NOT NULL REFERENCES kafka_clusters (id),
  name           TEXT NOT NULL,
  consumer_type  TEXT NOT NULL,               -- KAFKA_CONSUMER_TYPES
  state          TEXT NOT NULL,               -- KAFKA_GROUP_STATES
  members        INTEGER NOT NULL,
  coordinator_id INTEGER NOT NULL,            -- broker_id
  lag_kind       TEXT NOT NULL,               -- steady, incident, stopped (Empty), none (Dead)
  delay_s        REAL NOT NULL,               -- how far behind its producers it runs, typically
  incident_start INTEGER,                     -- stored ms: it falls behind from here...
  incident_peak  INTEGER,                     -- ...to here, then catches up
  stopped_at     INTEGER                      -- stored ms: its last commit (Empty)
);
-- Lists a cluster's groups and finds one by name.
CREATE UNIQUE INDEX IF NOT EXISTS kafka_groups_name ON kafka_groups (cluster_id, name);
CREATE TABLE IF NOT EXISTS kafka_group_topics (
  group_id  INTEGER NOT NULL REFERENCES kafka_groups (id),
  topic_id  INTEGER NOT NULL REFERENCES kafka_topics (id),
  PRIMARY KEY (group_id, topic_id)
) WITHOUT ROWID;
-- The topic pages list the groups reading a topic.
CREATE INDEX IF NOT EXISTS kafka_group_topics_topic ON kafka_group_topics (topic_id, group_id);
-- A cluster's load per minute (the recent days, seed/kafka.ts KAFKA_MINUTE_DAYS) and per hour (the
-- whole history): each profile's load averaged over the row (1 = the topics' base rate) and its
-- integral from the history's start to the row's start (seconds at load 1, cum_*). A day at 1m reads
-- 1,440 minute rows, 31 days at 1h 744 hour rows; the key is the only index they read.
CREATE TABLE IF NOT EXISTS kafka_load_minutes (
  cluster_id INTEGER NOT NULL REFERENCES kafka_clusters (id),
  ts         INTEGER NOT NULL,
  day        REAL NOT NULL,
  etl        REAL NOT NULL,
  flat       REAL NOT NULL,
  cum_day    REAL NOT NULL,
  cum_etl    REAL NOT NULL,
  cum_flat   REAL NOT NULL,
  PRIMARY KEY (cluster_id, ts)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS kafka_load_hours (
  cluster_id INTEGER NOT NULL REFERENCES kafka_clusters (id),
  ts         INTEGER NOT NULL,
  day        REAL NOT NULL,
  etl        REAL NOT NULL,
  flat       REAL NOT NULL,
  cum_day    REAL NOT NULL,
  cum_etl    REAL NOT NULL,
  cum_flat   REAL NOT NULL,
  PRIMARY KEY (cluster_id, ts)
) WITHOUT ROWID;
-- Elasticsearch, Logstash and Kibana (E153), seeded by seed/elk.ts: Elasticsearch clusters beside the
-- Hadoop clusters, their nodes and indices, a Logstash deployment and Kibana instances per cluster.
-- Every rate follows the cluster's load (es_load_*) through a share, so every figure adds up
-- (contracts/elk.ts G101). Read by repositories/elk-*.ts.
-- Read by elkCluster/elkClusters (every call: the cluster of the path, the user's list).
CREATE TABLE IF NOT EXISTS es_clusters (
  id                  INTEGER PRIMARY KEY,
  name                TEXT NOT NULL UNIQUE,
  cluster_uuid        TEXT NOT NULL,
  cluster_uid         TEXT NOT NULL,              -- the Hadoop cluster it runs beside
  version             TEXT NOT NULL,
  created_at          INTEGER NOT NULL,
  search_base         REAL NOT NULL,              -- queries/s on average (the load's scale)
  indexing_base       REAL NOT NULL,              -- documents/s on average
  search_latency_ms   REAL NOT NULL,              -- ms per query at the base load
  indexing_latency_ms REAL NOT NULL,              -- ms per document at the base load
  logstash_share      REAL NOT NULL,              -- of the indexed documents, those Logstash sends
  kibana_per_query    REAL NOT NULL               -- Kibana requests per search query
);
-- Read by the node list, kpi_node and the cluster list (node counts, heap).
CREATE TABLE IF NOT EXISTS es_nodes (
  id            INTEGER PRIMARY KEY,
  cluster_id    INTEGER NOT NULL REFERENCES es_clusters (id),
  name          TEXT NOT NULL,
  node_id       TEXT NOT NULL,
  host          TEXT NOT NULL,
  ip            TEXT NOT NULL,
  roles         TEXT NOT NULL,                    -- comma-separated: master, data, ingest
  elected       INTEGER NOT NULL,                 -- 1: the elected master
  data_share    REAL NOT NULL,                    -- its part of the cluster's search and indexing (0: no data role)
  heap_max      INTEGER NOT NULL,
  heap_base_pct REAL NOT NULL,
  cpu_base_pct  REAL NOT NULL,
  disk_total    INTEGER NOT NULL,
  disk_other    INTEGER NOT NULL                  -- bytes on the disk besides the shards (OS, logs)
);
CREATE UNIQUE INDEX IF NOT EXISTS es_nodes_name ON es_nodes (cluster_id, name);
-- Read by the index list (sorted and paged in SQL), kpi_index and the cluster list (sums). A daily
-- log index has no name but its day (stored ms): its name follows the shown day. An index takes
-- w_index of the documents indexed (and w_search of the queries) while the cluster's integrals run
-- between its cum_*_from and cum_*_to (G101).
CREATE TABLE IF NOT EXISTS es_indices (
  id              INTEGER PRIMARY KEY,
  cluster_id      INTEGER NOT NULL REFERENCES es_clusters (id),
  name            TEXT,                           -- NULL: a daily log index (logs-app-YYYY.MM.DD)
  log_day         INTEGER,                        -- stored ms: the day a daily log index is written
  system          INTEGER NOT NULL,
  primaries       INTEGER NOT NULL,
  replicas        INTEGER NOT NULL,
  created_at      INTEGER NOT NULL,
  base_docs       INTEGER NOT NULL,               -- documents at the history's start
  doc_bytes       REAL NOT NULL,                  -- bytes per document on disk (one copy)
  w_index         REAL NOT NULL,
  w_search        REAL NOT NULL,
  cum_index_from  REAL NOT NULL,
  cum_index_to    REAL NOT NULL,
  cum_search_from REAL NOT NULL,
  cum_search_to   REAL NOT NULL,
  latency_factor  REAL NOT NULL,                  -- its latencies vs the cluster's
  segs_per_shard  INTEGER NOT NULL                -- segments per shard copy while written (1 after)
);
CREATE INDEX IF NOT EXISTS es_indices_cluster ON es_indices (cluster_id, name);
-- Replica shards left unassigned (a data node restarting): the index and the cluster go yellow.
-- Read with each index as of a time.
CREATE TABLE IF NOT EXISTS es_shard_lapses (
  index_id   INTEGER NOT NULL REFERENCES es_indices (id),
  start_ts   INTEGER NOT NULL,
  end_ts     INTEGER NOT NULL,
  unassigned INTEGER NOT NULL,
  PRIMARY KEY (index_id, start_ts)
) WITHOUT ROWID;
-- A cluster's load per minute (today and the day ahead) and per hour (33 days): queries/s and
-- documents/s averaged over the row, and their integrals from the history's start to the row's start.
-- Every series and window figure reads them by the key.
CREATE TABLE IF NOT EXISTS es_load_minutes (
  cluster_id   INTEGER NOT NULL REFERENCES es_clusters (id),
  ts           INTEGER NOT NULL,
  search       REAL NOT NULL,
  indexing     REAL NOT NULL,
  cum_search   REAL NOT NULL,
  cum_indexing REAL NOT NULL,
  PRIMARY KEY (cluster_id, ts)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS es_load_hours (
  cluster_id   INTEGER NOT NULL REFERENCES es_clusters (id),
  ts           INTEGER NOT NULL,
  search       REAL NOT NULL,
  indexing     REAL NOT NULL,
  cum_search   REAL NOT NULL,
  cum_indexing REAL NOT NULL,
  PRIMARY KEY (cluster_id, ts)
) WITHOUT ROWID;
-- Read by the Logstash lists and series: a node takes `share` of its deployment's events.
CREATE TABLE IF NOT EXISTS logstash_nodes (
  id            INTEGER PRIMARY KEY,
  cluster_id    INTEGER NOT NULL REFERENCES es_clusters (id),
  name          TEXT NOT NULL UNIQUE,
  node_id       TEXT NOT NULL,
  host          TEXT NOT NULL,
  version       TEXT NOT NULL,
  share         REAL NOT NULL,
  heap_max      INTEGER NOT NULL,
  heap_base_pct REAL NOT NULL,
  cpu_base_pct  REAL NOT NULL,
  started_at    INTEGER NOT NULL
);
-- Read by the Logstash lists and series: a pipeline sends `share` of what its deployment sends.
CREATE TABLE IF NOT EXISTS logstash_pipelines (
  id          INTEGER PRIMARY KEY,
  cluster_id  INTEGER NOT NULL REFERENCES es_clusters (id),
  name        TEXT NOT NULL,
  input       TEXT NOT NULL,
  output      TEXT NOT NULL,
  workers     INTEGER NOT NULL,
  batch_size  INTEGER NOT NULL,
  queue_type  TEXT NOT NULL,                      -- memory or persisted
  share       REAL NOT NULL,
  drop_ratio  REAL NOT NULL,                      -- of the events in, those its filters drop
  latency_ms  REAL NOT NULL                       -- ms per event at the base load
);
CREATE UNIQUE INDEX IF NOT EXISTS logstash_pipelines_name ON logstash_pipelines (name, cluster_id);
-- Read by the Kibana list and series: an instance takes `share` of its cluster's requests.
CREATE TABLE IF NOT EXISTS kibana_instances (
  id            INTEGER PRIMARY KEY,
  cluster_id    INTEGER NOT NULL REFERENCES es_clusters (id),
  name          TEXT NOT NULL,
  uuid          TEXT NOT NULL,
  host          TEXT NOT NULL,
  version       TEXT NOT NULL,
  share         REAL NOT NULL,
  heap_max      INTEGER NOT NULL,
  response_ms   REAL NOT NULL,                    -- ms per request at the base load
  started_at    INTEGER NOT NULL,
  degraded_from INTEGER,                          -- stored ms: its status is yellow from here...
  degraded_to   INTEGER                           -- ...to here
);
CREATE UNIQUE INDEX IF NOT EXISTS kibana_instances_name ON kibana_instances (cluster_id, name);

-- Notification channels (E176, E177; /manage/notification_channel, /manage/os_notification_channels):
-- where alerts go, each of the platform (cluster type) of the user who made it, whose users alone
-- see it, so a name is unique within its platform. name_key is the name as uniqueness compares it
-- (trimmed, lower case). url, header values and routing_key are secrets: written, never answered.
-- last_test_*: the latest row of notification_channel_tests, kept here for the list's sort.
CREATE TABLE IF NOT EXISTS notification_channels (
  id                 INTEGER PRIMARY KEY,
  platform           TEXT NOT NULL,
  name               TEXT NOT NULL,
  name_key           TEXT NOT NULL,
  type               TEXT NOT NULL CHECK (type IN ('email', 'slack', 'webhook', 'pagerduty')),
  emails             TEXT NOT NULL DEFAULT '[]',           -- JSON array of addresses (email)
  url                TEXT,                                 -- slack, webhook
  headers            TEXT NOT NULL DEFAULT '[]',           -- JSON [{name, value}] (webhook)
  routing_key        TEXT,                                 -- pagerduty
  created_by         TEXT NOT NULL,
  created_at         INTEGER NOT NULL,                     -- epoch ms
  updated_at         INTEGER NOT NULL,
  last_test_at       INTEGER,
  last_test_outcome  TEXT CHECK (last_test_outcome IN ('delivered', 'failed')),
  last_test_detail   TEXT,
  last_test_by       TEXT,
  UNIQUE (platform, name_key)
);
-- Every test send asked for: recorded, never sent anywhere (the simulator makes no network call).
CREATE TABLE IF NOT EXISTS notification_channel_tests (
  id          INTEGER PRIMARY KEY,
  channel_id  INTEGER NOT NULL REFERENCES notification_channels (id) ON DELETE CASCADE,
  tested_at   INTEGER NOT NULL,                            -- epoch ms
  tested_by   TEXT NOT NULL,
  outcome     TEXT NOT NULL CHECK (outcome IN ('delivered', 'failed')),
  detail      TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS notification_channel_tests_channel ON notification_channel_tests (channel_id, tested_at);

-- OpenSearch's internal users and roles of each platform with OpenSearch views (E179;
-- /manage/os_manage_users, /manage/os_manage_roles): the security plugin's, not the console's
-- sign-in users. Names are unique per platform, any case (name_key). Built-in roles are reserved.
CREATE TABLE IF NOT EXISTS os_roles (
  id           INTEGER PRIMARY KEY,
  platform     TEXT NOT NULL,
  name         TEXT NOT NULL,
  name_key     TEXT NOT NULL,
  description  TEXT NOT NULL DEFAULT '',
  permissions  TEXT NOT NULL DEFAULT '[]',                 -- JSON array of permission ids
  built_in     INTEGER NOT NULL DEFAULT 0 CHECK (built_in IN (0, 1)),
  updated_at   INTEGER NOT NULL,                           -- epoch ms
  UNIQUE (platform, name_key)
);
CREATE TABLE IF NOT EXISTS os_users (
  id             INTEGER PRIMARY KEY,
  platform       TEXT NOT NULL,
  username       TEXT NOT NULL,
  name_key       TEXT NOT NULL,
  password_hash  TEXT,                                     -- scrypt; NULL for the seeded (set in OpenSearch itself)
  backend_roles  TEXT NOT NULL DEFAULT '[]',               -- JSON array
  attributes     TEXT NOT NULL DEFAULT '[]',               -- JSON [{key, value}]
  created_at     INTEGER NOT NULL,                         -- epoch ms
  updated_at     INTEGER NOT NULL,
  UNIQUE (platform, name_key)
);
-- Which roles each user is mapped to (a role with users cannot be deleted).
CREATE TABLE IF NOT EXISTS os_user_roles (
  user_id  INTEGER NOT NULL REFERENCES os_users (id) ON DELETE CASCADE,
  role_id  INTEGER NOT NULL REFERENCES os_roles (id),
  PRIMARY KEY (user_id, role_id)
);
CREATE INDEX IF NOT EXISTS os_user_roles_role ON os_user_roles (role_id);
-- Kubernetes (issue 23), seeded by seed/kubernetes.ts: the K8S clusters' nodes, namespaces, workloads,
-- pods and containers, and their hours. Costs follow OpenCost (DOMAIN.md §6) in integer micro-dollars
-- (µ$); resource-hours in units of 1/10,000 (core-hours, GiB-hours, GPU-hours) so sums are exact.
CREATE TABLE IF NOT EXISTS k8s_nodes (
  id             INTEGER PRIMARY KEY,
  cluster_uid    TEXT NOT NULL REFERENCES clusters (unravel_id),
  name           TEXT NOT NULL,
  instance_type  TEXT NOT NULL,
  capacity_type  TEXT NOT NULL CHECK (capacity_type IN ('on-demand', 'spot')),
  pool           TEXT NOT NULL,
  zone           TEXT NOT NULL,
  cpu_cores      INTEGER NOT NULL,
  memory_gb      INTEGER NOT NULL,                         -- GiB (OpenCost's "GB": bytes / 1024³)
  gpus           INTEGER NOT NULL,
  cpu_rate       INTEGER NOT NULL,                         -- µ$ per core-hour
  ram_rate       INTEGER NOT NULL,                         -- µ$ per GiB-hour
  gpu_rate       INTEGER NOT NULL,                         -- µ$ per GPU-hour
  start_time     INTEGER NOT NULL,                         -- epoch ms
  end_time       INTEGER                                   -- NULL: up now
);
CREATE TABLE IF NOT EXISTS k8s_namespaces (
  id                 INTEGER PRIMARY KEY,
  cluster_uid        TEXT NOT NULL REFERENCES clusters (unravel_id),
  name               TEXT NOT NULL,
  label_team         TEXT,
  label_env          TEXT,
  label_cost_center  TEXT,
  created_at         INTEGER NOT NULL,
  UNIQUE (cluster_uid, name)
);
CREATE TABLE IF NOT EXISTS k8s_workloads (
  id            INTEGER PRIMARY KEY,
  namespace_id  INTEGER NOT NULL REFERENCES k8s_namespaces (id),
  kind          TEXT NOT NULL,                             -- Deployment, StatefulSet, DaemonSet, Job, CronJob, SparkApplication
  name          TEXT NOT NULL,
  label_app     TEXT,
  created_at    INTEGER NOT NULL,
  UNIQUE (namespace_id, kind, name)
);
CREATE TABLE IF NOT EXISTS k8s_pods (
  id           INTEGER PRIMARY KEY,                        -- in order of start
  workload_id  INTEGER NOT NULL REFERENCES k8s_workloads (id),
  node_id      INTEGER NOT NULL REFERENCES k8s_nodes (id),
  name         TEXT NOT NULL,
  phase        TEXT NOT NULL,                              -- Running, Succeeded, Failed (evicted)
  start_time   INTEGER NOT NULL,                           -- epoch ms, on the 5-minute grid
  end_time     INTEGER                                     -- NULL: running now
);
CREATE INDEX IF NOT EXISTS k8s_pods_workload ON k8s_pods (workload_id);
CREATE TABLE IF NOT EXISTS k8s_containers (
  pod_id              INTEGER NOT NULL REFERENCES k8s_pods (id),
  name                TEXT NOT NULL,
  cpu_request_m       INTEGER NOT NULL,
  cpu_limit_m         INTEGER,                             -- NULL: no limit
  memory_request_mib  INTEGER NOT NULL,
  memory_limit_mib    INTEGER,
  gpu_request         INTEGER NOT NULL,
  PRIMARY KEY (pod_id, name)
) WITHOUT ROWID;
-- A pod's hour, rolled up from its containers' 5-minute samples (never stored): usage, request and
-- OpenCost's allocation Σ max(request, usage) × 5 min (1/10,000 core-hours, GiB-hours, GPU-hours), the
-- hour's peaks, and the allocation's cost at its node's rates (µ$; usage_cost: CPU and RAM usage at
-- those rates, for efficiency). Keyed by hour first: a window is one range of the key.
CREATE TABLE IF NOT EXISTS k8s_pod_hours (
  ts            INTEGER NOT NULL,                          -- the hour's start, epoch ms
  pod_id        INTEGER NOT NULL,
  cpu_usage     INTEGER NOT NULL,
  cpu_request   INTEGER NOT NULL,
  cpu_alloc     INTEGER NOT NULL,
  mem_usage     INTEGER NOT NULL,
  mem_request   INTEGER NOT NULL,
  mem_alloc     INTEGER NOT NULL,
  gpu_alloc     INTEGER NOT NULL,
  cpu_peak_m    INTEGER NOT NULL,
  mem_peak_mib  INTEGER NOT NULL,
  cost_cpu      INTEGER NOT NULL,
  cost_ram      INTEGER NOT NULL,
  cost_gpu      INTEGER NOT NULL,
  usage_cost    INTEGER NOT NULL,
  PRIMARY KEY (ts, pod_id)
) WITHOUT ROWID;
-- A node's hour: its asset cost for the part of the hour it was up (µ$), what of it no pod was
-- allocated (idle = assets − Σ its pods' costs, ≥ 0) and its capacity (1/10,000 resource-hours).
CREATE TABLE IF NOT EXISTS k8s_node_hours (
  ts              INTEGER NOT NULL,
  node_id         INTEGER NOT NULL,
  cost            INTEGER NOT NULL,
  idle_cost       INTEGER NOT NULL,
  cpu_core_hours  INTEGER NOT NULL,
  memory_gb_hours INTEGER NOT NULL,
  gpu_hours       INTEGER NOT NULL,
  PRIMARY KEY (ts, node_id)
) WITHOUT ROWID;
-- A pod's day: its hours of that day added up (the same integers, peaks the most), so that a window's
-- whole days read one row per pod and day, and only its first and last part-days read hours
-- (repositories/kubernetes-topx.ts). At the large scale 23,400 rows against 330,000 hours.
CREATE TABLE IF NOT EXISTS k8s_pod_days (
  day           INTEGER NOT NULL,                          -- the day's start (00:00 UTC as seeded), epoch ms
  pod_id        INTEGER NOT NULL,
  cpu_usage     INTEGER NOT NULL,
  cpu_request   INTEGER NOT NULL,
  cpu_alloc     INTEGER NOT NULL,
  mem_usage     INTEGER NOT NULL,
  mem_request   INTEGER NOT NULL,
  mem_alloc     INTEGER NOT NULL,
  gpu_alloc     INTEGER NOT NULL,
  cpu_peak_m    INTEGER NOT NULL,
  mem_peak_mib  INTEGER NOT NULL,
  cost_cpu      INTEGER NOT NULL,
  cost_ram      INTEGER NOT NULL,
  cost_gpu      INTEGER NOT NULL,
  usage_cost    INTEGER NOT NULL,
  PRIMARY KEY (day, pod_id)
) WITHOUT ROWID;
-- Each namespace's hour: the cost (µ$) and CPU and memory usage (1/10,000 core- or GiB-hours) of its
-- pods' hours, added up from the same integers while the hours are drawn (seed/kubernetes-usage.ts).
-- Read by the usage trends grouped by namespace, cluster or a namespace's label (repositories/
-- kubernetes-trends.ts, and so the dashboards' trend panels): a shown UTC day is no stored day (the
-- read shift is whole hours), so days are read from hours, and 30 days are 10,800 rows here against
-- 330,000 pod-hours at the large scale. ts: the hour's start, shifted like k8s_pod_hours.ts.
CREATE TABLE IF NOT EXISTS k8s_namespace_hours (
  ts            INTEGER NOT NULL,
  namespace_id  INTEGER NOT NULL,
  cost          INTEGER NOT NULL,
  cpu_usage     INTEGER NOT NULL,
  mem_usage     INTEGER NOT NULL,
  PRIMARY KEY (ts, namespace_id)
) WITHOUT ROWID;
-- Each workload's hour and day: its pods' sums as Top X adds them up, from the same integers while the
-- hours are drawn (seed/kubernetes-usage.ts). Read by Top X for every grouping above the pod
-- (repositories/kubernetes-topx.ts; the dashboards' Top X panels call it) and by the usage trends by
-- workload or app label (kubernetes-trends.ts): 30 days are 1,500 day rows and the part-days' hours
-- here against 23,000 pod-days and 10,000 pods' joins. ts, day: as k8s_pod_hours' and k8s_pod_days'.
CREATE TABLE IF NOT EXISTS k8s_workload_hours (
  ts            INTEGER NOT NULL,
  workload_id   INTEGER NOT NULL,
  cost          INTEGER NOT NULL,                          -- cost_cpu + cost_ram + cost_gpu
  cpu_ram_cost  INTEGER NOT NULL,                          -- cost_cpu + cost_ram
  usage_cost    INTEGER NOT NULL,
  cpu_usage     INTEGER NOT NULL,
  cpu_request   INTEGER NOT NULL,
  cpu_alloc     INTEGER NOT NULL,
  mem_usage     INTEGER NOT NULL,
  mem_request   INTEGER NOT NULL,
  mem_alloc     INTEGER NOT NULL,
  gpu_alloc     INTEGER NOT NULL,
  PRIMARY KEY (ts, workload_id)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS k8s_workload_days (
  day           INTEGER NOT NULL,
  workload_id   INTEGER NOT NULL,
  cost          INTEGER NOT NULL,                          -- cost_cpu + cost_ram + cost_gpu
  cpu_ram_cost  INTEGER NOT NULL,                          -- cost_cpu + cost_ram
  usage_cost    INTEGER NOT NULL,
  cpu_usage     INTEGER NOT NULL,
  cpu_request   INTEGER NOT NULL,
  cpu_alloc     INTEGER NOT NULL,
  mem_usage     INTEGER NOT NULL,
  mem_request   INTEGER NOT NULL,
  mem_alloc     INTEGER NOT NULL,
  gpu_alloc     INTEGER NOT NULL,
  PRIMARY KEY (day, workload_id)
) WITHOUT ROWID;

-- OpenSearch alerting (issue 23 /os_alerting, E171; repositories/os-alerting*.ts): monitors of a
-- platform's metric (shared/src/rules/monitor-metrics.ts), each of the platform of the user who made
-- it, whose users alone see it, so a name is unique within its platform (name_key: trimmed, lower
-- case). last_run_at: the latest tick it ran at (epoch ms); runs continue from there.
CREATE TABLE IF NOT EXISTS os_monitors (
  id                INTEGER PRIMARY KEY,
  platform          TEXT NOT NULL,
  name              TEXT NOT NULL,
  name_key          TEXT NOT NULL,
  metric            TEXT NOT NULL,
  warehouse         TEXT,                                  -- Snowflake: one warehouse's name; NULL: account-wide
  aggregation       TEXT NOT NULL CHECK (aggregation IN ('sum', 'avg', 'max')),
  lookback_hours    INTEGER NOT NULL CHECK (lookback_hours BETWEEN 1 AND 24),
  condition         TEXT NOT NULL CHECK (condition IN ('above', 'below')),
  threshold         REAL NOT NULL,
  schedule_minutes  INTEGER NOT NULL CHECK (schedule_minutes IN (5, 15, 30, 60)),
  severity          INTEGER NOT NULL CHECK (severity BETWEEN 1 AND 5),
  enabled           INTEGER NOT NULL CHECK (enabled IN (0, 1)),
  created_by        TEXT NOT NULL,
  created_at        INTEGER NOT NULL,
  updated_at        INTEGER NOT NULL,
  last_run_at       INTEGER,
  last_value        REAL,
  UNIQUE (platform, name_key)
);
-- The channels a monitor notifies: a deleted channel or monitor takes its links with it.
CREATE TABLE IF NOT EXISTS os_monitor_channels (
  monitor_id  INTEGER NOT NULL REFERENCES os_monitors (id) ON DELETE CASCADE,
  channel_id  INTEGER NOT NULL REFERENCES notification_channels (id) ON DELETE CASCADE,
  PRIMARY KEY (monitor_id, channel_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS os_monitor_channels_channel ON os_monitor_channels (channel_id);
-- A monitor's alerts: ACTIVE when a run found its condition holding, ACKNOWLEDGED by a user, COMPLETED
-- at the first run it no longer held. At most one open (ACTIVE or ACKNOWLEDGED) per monitor.
-- triggered_at is the list's created_at; the list filters, counts, sorts and pages by platform and it.
CREATE TABLE IF NOT EXISTS os_alerts (
  id               INTEGER PRIMARY KEY,
  monitor_id       INTEGER NOT NULL REFERENCES os_monitors (id) ON DELETE CASCADE,
  platform         TEXT NOT NULL,
  state            TEXT NOT NULL CHECK (state IN ('ACTIVE', 'ACKNOWLEDGED', 'COMPLETED')),
  severity         INTEGER NOT NULL CHECK (severity BETWEEN 1 AND 5),
  value            REAL NOT NULL,
  threshold        REAL NOT NULL,
  condition        TEXT NOT NULL CHECK (condition IN ('above', 'below')),
  message          TEXT NOT NULL,
  triggered_at     INTEGER NOT NULL,                       -- epoch ms, the tick it fired at
  acknowledged_at  INTEGER,
  acknowledged_by  TEXT,
  ended_at         INTEGER
);
CREATE INDEX IF NOT EXISTS os_alerts_platform_time ON os_alerts (platform, triggered_at);
CREATE INDEX IF NOT EXISTS os_alerts_monitor_open ON os_alerts (monitor_id) WHERE state != 'COMPLETED';
-- Each channel told of an alert: recorded as a channel's test send is, never sent anywhere.
CREATE TABLE IF NOT EXISTS os_alert_notifications (
  id          INTEGER PRIMARY KEY,
  alert_id    INTEGER NOT NULL REFERENCES os_alerts (id) ON DELETE CASCADE,
  channel_id  INTEGER NOT NULL REFERENCES notification_channels (id) ON DELETE CASCADE,
  sent_at     INTEGER NOT NULL,                            -- epoch ms
  outcome     TEXT NOT NULL CHECK (outcome IN ('delivered', 'failed')),
  detail      TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS os_alert_notifications_alert ON os_alert_notifications (alert_id);
CREATE INDEX IF NOT EXISTS os_alert_notifications_channel ON os_alert_notifications (channel_id);
-- BigQuery's jobs per hour of creation (seed/os-alerting.ts, from bq_jobs after the jobs), what its
-- monitors read: a day's run reads 48 rows here instead of 20,000 jobs' index entries at the large
-- scale (110 ms). hour: the stored hour's start, shifted at read time like bq_jobs.create_time.
CREATE TABLE IF NOT EXISTS os_alerting_bq_hours (
  hour          INTEGER PRIMARY KEY,
  n             INTEGER NOT NULL,
  failed        INTEGER NOT NULL,
  bytes_billed  INTEGER NOT NULL,
  slot_ms       INTEGER NOT NULL,
  cost_e4       INTEGER NOT NULL
);
-- OpenSearch saved dashboards (issue 23 /os_dashboard; repositories/os-dashboard*.ts): a platform's
-- dashboards copied from a prebuilt one or another saved one, seen by all its users. panels: the
-- placements as JSON ([{panelId, width}], checked against the catalogue when written). name_key:
-- the name trimmed and lower-cased, unique per platform.
CREATE TABLE IF NOT EXISTS os_dashboards (
  id          INTEGER PRIMARY KEY,
  platform    TEXT NOT NULL,
  name        TEXT NOT NULL,
  name_key    TEXT NOT NULL,
  panels      TEXT NOT NULL,
  created_by  TEXT NOT NULL,
  created_at  INTEGER NOT NULL,                            -- epoch ms
  updated_by  TEXT NOT NULL,
  updated_at  INTEGER NOT NULL,                            -- epoch ms
  UNIQUE (platform, name_key)
);

-- The console's own ingestion runs (issue 23 /manage/data_ingestion_monitor, /manage/kafka_consumption;
-- seed/ingestion.ts): one row per run of a source (a platform view the console reads, e.g. Snowflake's
-- ACCOUNT_USAGE.QUERY_HISTORY), what it read ([window_start, window_end) of event time), how many rows,
-- and the platform's error when it failed. Stored like the queries and jobs it counts and moved at read
-- time by appsTimeShift (time-columns.ts APP_TIME_COLUMNS), so a run stays beside the data it read.
CREATE TABLE IF NOT EXISTS ingestion_runs (
  id            INTEGER PRIMARY KEY,
  platform      TEXT NOT NULL,                 -- SNOWFLAKE, BIGQUERYV2
  source        TEXT NOT NULL,                 -- repositories/ingestion-sources.ts ids
  status        TEXT NOT NULL CHECK (status IN ('succeeded', 'failed')),
  started_at    INTEGER NOT NULL,              -- epoch ms as seeded
  duration_ms   INTEGER NOT NULL,
  window_start  INTEGER NOT NULL,
  window_end    INTEGER NOT NULL,
  row_count     INTEGER NOT NULL,
  error         TEXT
);
-- A source's runs newest first (its list, its last run and last success), filtered by status.
CREATE INDEX IF NOT EXISTS ingestion_runs_source ON ingestion_runs (platform, source, started_at, status);
-- Each event source's rows per hour of event time, as its definition counts them (repositories/
-- ingestion-sources.ts hourlyRows), over every stored hour: written by seed/ingestion.ts, read by the
-- monitor's chart (repositories/ingestion.ts rowsPerHour). Counting WAREHOUSE_LOAD_HISTORY's 5-minute
-- intervals from the queries took 80 ms a request over 31 days at the large scale; these ~10,000 rows
-- are read by their key. Stored hours, read shifted like ingestion_runs; snapshot sources are not here.
CREATE TABLE IF NOT EXISTS ingestion_source_hours (
  source  TEXT NOT NULL,                         -- repositories/ingestion-sources.ts ids (unique)
  hour    INTEGER NOT NULL,                      -- the hour's stored start, epoch ms
  n       INTEGER NOT NULL,
  PRIMARY KEY (source, hour)
) WITHOUT ROWID;
-- Kubernetes container logs (issue 23 /kubernetes/osd_logs; seed/kubernetes-logs.ts, repositories/
-- kubernetes-logs.ts). A line is a template and up to five parameters, the message being
-- printf(format, p1, …, p5) in SQL: a third of the bytes of the text, and still searched by LIKE.
-- Keyed by time first (stored, shifted at read time by whole hours like the pod-hours), so a
-- window's newest lines are one backward range of the key. level: 0 DEBUG, 1 INFO, 2 WARN, 3 ERROR.
CREATE TABLE IF NOT EXISTS k8s_log_templates (
  id      INTEGER PRIMARY KEY,
  level   INTEGER NOT NULL CHECK (level BETWEEN 0 AND 3),
  format  TEXT NOT NULL                                    -- %s per parameter
);
CREATE TABLE IF NOT EXISTS k8s_log_containers (
  id    INTEGER PRIMARY KEY,
  name  TEXT NOT NULL UNIQUE
);
CREATE TABLE IF NOT EXISTS k8s_log_lines (
  ts            INTEGER NOT NULL,                          -- epoch ms
  pod_id        INTEGER NOT NULL,
  seq           INTEGER NOT NULL,                          -- the line's order within its pod's hour
  container_id  INTEGER NOT NULL,
  level         INTEGER NOT NULL,
  template_id   INTEGER NOT NULL,
  -- INTEGER affinity: the numbers bound (JavaScript's, REAL) are stored as integers, text as text.
  p1 INTEGER, p2 INTEGER, p3 INTEGER, p4 INTEGER, p5 INTEGER,
  PRIMARY KEY (ts, pod_id, seq)
) WITHOUT ROWID;
-- The lines of each stored hour (seed/kubernetes-logs.ts): where a search's KUBERNETES_LOGS_MAX_SCAN
-- newest lines begin is found by adding up hours back from the window's end and walking one hour's
-- keys (repositories/kubernetes-logs.ts scanStart), not by walking 200,000 keys (10 ms a 7-day search
-- at the large scale). A few hundred rows.
CREATE TABLE IF NOT EXISTS k8s_log_hours (
  hour   INTEGER PRIMARY KEY,                      -- the hour's stored start, epoch ms
  lines  INTEGER NOT NULL
);

-- OpenSearch anomaly detectors (issue 23 /osd_anomalies; repositories/os-anomalies.ts): one feature (a
-- metric of the platform's catalogue, summed per hour), an optional category field splitting it per
-- entity, a sensitivity. Their results are computed when read, never stored. started_at: the last start
-- (Initialising for an hour after it); stopped_at: the last stop; running: 1 while started.
CREATE TABLE IF NOT EXISTS os_detectors (
  id              INTEGER PRIMARY KEY,
  platform        TEXT NOT NULL,
  name            TEXT NOT NULL,
  name_key        TEXT NOT NULL,
  description     TEXT NOT NULL,
  metric          TEXT NOT NULL,
  category_field  TEXT CHECK (category_field IN ('warehouse', 'user', 'project', 'principal')),
  sensitivity     TEXT NOT NULL CHECK (sensitivity IN ('low', 'medium', 'high')),
  running         INTEGER NOT NULL CHECK (running IN (0, 1)),
  started_at      INTEGER,
  stopped_at      INTEGER,
  created_by      TEXT NOT NULL,
  created_at      INTEGER NOT NULL,
  updated_at      INTEGER NOT NULL,
  UNIQUE (platform, name_key)
);
-- The detectors' per-entity series (seed/os-anomalies.ts, from snowflake_queries and bq_jobs after them):
-- each warehouse's, user's, project's and principal's sums per stored hour of start or creation, keyed by
-- entity so that a detector reads its top entities' hours by a seek each (10 × 1,000 rows for 44 days),
-- not a month of every entity's rollup rows (166,000 at the large scale). Snowflake's measures are 0 on
-- BigQuery's rows and the other way round. hour: shifted at read time like the queries and jobs.
CREATE TABLE IF NOT EXISTS os_anomaly_hours (
  dim           TEXT NOT NULL CHECK (dim IN ('warehouse', 'user', 'project', 'principal')),
  code          INTEGER NOT NULL,
  hour          INTEGER NOT NULL,
  failed        INTEGER NOT NULL,
  credits_e4    INTEGER NOT NULL,
  cost_e4       INTEGER NOT NULL,
  queued_ms     INTEGER NOT NULL,
  bytes_billed  INTEGER NOT NULL,
  slot_ms       INTEGER NOT NULL,
  PRIMARY KEY (dim, code, hour)
) WITHOUT ROWID;
-- The same per stored UTC day, by day first: which entities are the top ones over a range is read here
-- (a month is a few thousand rows), whole days overlapping the range.
CREATE TABLE IF NOT EXISTS os_anomaly_days (
  dim           TEXT NOT NULL CHECK (dim IN ('warehouse', 'user', 'project', 'principal')),
  day           INTEGER NOT NULL,
  code          INTEGER NOT NULL,
  failed        INTEGER NOT NULL,
  credits_e4    INTEGER NOT NULL,
  cost_e4       INTEGER NOT NULL,
  queued_ms     INTEGER NOT NULL,
  bytes_billed  INTEGER NOT NULL,
  slot_ms       INTEGER NOT NULL,
  PRIMARY KEY (dim, day, code)
) WITHOUT ROWID;
