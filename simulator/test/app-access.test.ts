import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppInstance } from '../src/app.ts'
import { appAccess, readableApp } from '../src/db/repositories/app-access.ts'
import { scopeOfPlatform } from '../src/db/repositories/scope.ts'
import { testApp } from './helper.ts'

/** 02 §7 can_access and 02 §8: the one access check every application-details call starts with. */
describe('application details access', () => {
  let app: AppInstance
  let hadoopApp: { id: string; cluster_uid: string }
  beforeAll(async () => {
    app = await testApp()
    hadoopApp = app.db
      .prepare(
        "SELECT a.id, a.cluster_uid FROM applications a JOIN clusters c ON c.unravel_id = a.cluster_uid WHERE c.platform = 'CDH' LIMIT 1",
      )
      .get() as { id: string; cluster_uid: string }
  })
  afterAll(() => app.close())
  const cdh = () => scopeOfPlatform(app.db, 'CDH')
  const snowflake = () => scopeOfPlatform(app.db, 'SNOWFLAKE')

  it.each([
    [
      'an app of the user',
      () => cdh(),
      () => hadoopApp.id,
      undefined,
      { canAccessApp: true, appExist: true },
    ],
    [
      'on the cluster named',
      () => cdh(),
      () => hadoopApp.id,
      () => hadoopApp.cluster_uid,
      { canAccessApp: true, appExist: true },
    ],
    [
      'another platform’s user',
      () => snowflake(),
      () => hadoopApp.id,
      undefined,
      { canAccessApp: false, appExist: true },
    ],
    [
      'another cluster named',
      () => cdh(),
      () => hadoopApp.id,
      () => 'no-such-cluster',
      { canAccessApp: false, appExist: true },
    ],
    [
      'no such app',
      () => cdh(),
      () => 'application_0_0000',
      undefined,
      { canAccessApp: false, appExist: false },
    ],
  ])('%s', (_, scope, id, cluster, expected) => {
    expect(appAccess(app.db, scope(), id(), cluster?.())).toEqual(expected)
  })

  it('refuses with the spec’s texts: forbidden (403) and not available (404)', () => {
    expect(() => readableApp(app.db, snowflake(), hadoopApp.id)).toThrow(
      `Information for this application ${hadoopApp.id} is forbidden.`,
    )
    expect(() => readableApp(app.db, cdh(), 'application_0_0000')).toThrow(
      'Information for this application application_0_0000 is not available.',
    )
  })

  it('gives the record in the lists’ time frame', () => {
    const record = readableApp(app.db, cdh(), hadoopApp.id)
    expect(record.id).toBe(hadoopApp.id)
    expect(record.start_time).toBeLessThanOrEqual(app.clock.now())
  })
})
