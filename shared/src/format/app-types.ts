/**
 * One casing for application and engine types wherever they are shown (lists, filters, charts,
 * chargeback): the product names as their projects write them. The APIs carry them in any case and
 * short form ('mr', 'MAPREDUCE', 'spark', 'SPARK', 'hivetz'); the keys here are lower case.
 */
export const APP_TYPE_NAMES: Readonly<Record<string, string>> = {
  spark: 'Spark',
  mr: 'MapReduce',
  mapreduce: 'MapReduce',
  hive: 'Hive',
  hivemr: 'Hive on MapReduce',
  hivetz: 'Hive on Tez',
  tez: 'Tez',
  impala: 'Impala',
  presto: 'Presto',
  bigquery: 'BigQuery',
  pig: 'Pig',
  cascading: 'Cascading',
  kafka: 'Kafka',
  hbase: 'HBase',
  yarn: 'YARN',
  emr: 'EMR',
}

/** A type's display name ('MAPREDUCE' → 'MapReduce'); an unknown type keeps its own spelling. */
export function formatAppType(type: string): string {
  return APP_TYPE_NAMES[type.trim().toLowerCase()] ?? type
}
