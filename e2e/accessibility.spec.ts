import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import { seriousViolations, signIn } from './helpers.ts'

/**
 * axe on every screen built so far: no serious or critical violation (WCAG 2.1 AA rules). Each new
 * screen adds its row here.
 */

test('the check itself reports a serious violation (a guard on its faster settings)', async ({ page }) => {
  await page.setContent('<main><img src="chart.png"><button></button></main>')
  const found = await seriousViolations(page)
  expect(found.map((v) => v.split(' ')[0])).toEqual(expect.arrayContaining(['image-alt', 'button-name']))
})

test('the sign-in page', async ({ page }) => {
  await page.goto('/login')
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
})

test('the sign-in page showing a failed sign-in', async ({ page }) => {
  await page.goto('/login')
  await signIn(page, 'admin', 'wrong')
  await expect(page.getByText('There was an error logging in to your account.')).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
})

const SIGNED_IN_SCREENS = [
  {
    name: 'a planned page in the console shell',
    user: 'admin',
    path: '/data/tables',
    ready: 'heading',
  },
  { name: 'the cluster overview (R004)', user: 'admin', path: '/clusters/overview', ready: 'heading' },
  { name: 'the job counts (R005)', user: 'admin', path: '/clusters/jobs', ready: 'table' },
  { name: 'the cluster resources (R006)', user: 'admin', path: '/clusters/resources', ready: 'table' },
  { name: 'the queue analysis (R009)', user: 'admin', path: '/clusters/queueanalysis', ready: 'heading' },
  { name: 'the cluster workload (R008)', user: 'admin', path: '/clusters/clusterworkload', ready: 'table' },
  { name: 'the API docs page (R149)', user: 'snowflake', path: '/api_docs', ready: 'table' },
  { name: 'the not-found page', user: 'admin', path: '/no/such/page', ready: 'heading' },
  { name: 'the Kafka cluster (R010)', user: 'admin', path: '/clusters/kafka', ready: 'table' },
  {
    name: 'the Kafka metrics of a topic as areas (R011)',
    user: 'admin',
    path: '/clusters/kafka/metrics?kpiType=topic&plotType=area',
    ready: 'figure',
  },
  { name: 'a Kafka topic (R115)', user: 'admin', path: '/kafkatopic/kafka-prod-01/orders', ready: 'table' },
  {
    name: 'a Kafka consumer group (R116)',
    user: 'admin',
    path: '/kafkaconsumer/kafka-prod-01/spark-streaming-orders-sessionize',
    ready: 'figure',
  },
  { name: 'the simulator controls', user: 'admin', path: '/simulator', ready: 'form' },
  { name: 'the applications list (R017)', user: 'admin', path: '/jobs/applications', ready: 'table' },
  {
    name: 'the global search results (R049)',
    user: 'admin',
    path: '/globalsearch/daily_sales',
    ready: 'table',
  },
  {
    name: 'the inefficient applications of the last 7 days (R064, EMR)',
    user: 'emr',
    path: '/jobs/applications?appListType=inefficient&dateRangeLabel=7_d',
    ready: 'table',
  },
  { name: 'the on-premises pipelines list (R018)', user: 'admin', path: '/jobs/pipelines', ready: 'table' },
  {
    name: 'the chargeback drilled into an application type (R007)',
    user: 'admin',
    path: '/clusters/chargeback?drill=spark',
    ready: 'table',
  },
  {
    name: 'the scheduled-jobs calendar (R019)',
    user: 'admin',
    path: '/jobs/schedulejobs?dateRangeLabel=1_w',
    ready: 'region',
  },
  {
    name: 'the Snowflake inefficient queries of the last 7 days (R144)',
    user: 'snowflake',
    path: '/query/list?dateRangeLabel=7_d',
    ready: 'table',
  },
  { name: 'the Snowflake warehouses (R142)', user: 'snowflake', path: '/warehouse/list', ready: 'table' },
  { name: 'the Snowflake home (R121)', user: 'snowflake', path: '/home', ready: 'table' },
  {
    name: 'the Snowflake cost overview (R122)',
    user: 'snowflake',
    path: '/cost/osd_cost_overview',
    ready: 'region',
  },
  {
    name: 'the Snowflake cost by query (R125)',
    user: 'snowflake',
    path: '/cost/osd_cost_queries',
    ready: 'table',
  },
  {
    name: 'the EMR cluster list of the last 7 days (R102)',
    user: 'emr',
    path: '/clusters/list?dateRangeLabel=7_d',
    ready: 'table',
  },
  { name: 'the EMR chargeback by cluster (R099)', user: 'emr', path: '/cost/chargeback', ready: 'table' },
  {
    name: 'the EMR cluster insights of the last 30 days (R059)',
    user: 'emr',
    path: '/clusters/emrclusterinsights',
    ready: 'table',
  },
  {
    name: 'the BigQuery inefficient jobs of the last 7 days (R156)',
    user: 'bigquery',
    path: '/job/list?tab=inefficient&dateRangeLabel=7_d',
    ready: 'table',
  },
  { name: 'the BigQuery projects (R155)', user: 'bigquery', path: '/project/list', ready: 'table' },
  { name: 'the BigQuery Cost 360 (R152)', user: 'bigquery', path: '/cost/osd_cost360', ready: 'table' },
  { name: 'the BigQuery Top K (R153)', user: 'bigquery', path: '/cost/osd_topk?k=5', ready: 'table' },
  { name: 'the BigQuery cost by tag (R154)', user: 'bigquery', path: '/cost/osd_tags', ready: 'table' },
  { name: 'the BigQuery insights overview (R163)', user: 'bigquery', path: '/osd_insights', ready: 'table' },
  { name: 'the BigQuery data page (R159)', user: 'bigquery', path: '/data', ready: 'table' },
  {
    name: 'the Databricks workspaces (R210)',
    user: 'databricks',
    path: '/manage/workspaces',
    ready: 'table',
  },
  { name: 'the Databricks billing (R211)', user: 'databricks', path: '/manage/billing', ready: 'heading' },
] as const

/*
 * One signed-in page per persona, reused by its screens: a sign-in through the form per screen cost
 * CI more than the checks themselves. Each screen is still its own test, reached by a fresh page load.
 */
const USERS = [...new Set(SIGNED_IN_SCREENS.map((screen) => screen.user))]

for (const user of USERS) {
  test.describe(`signed in as ${user}`, () => {
    let context: BrowserContext
    let page: Page

    // axe needs a page of a context the test made (not browser.newPage()).
    test.beforeAll(async ({ browser }, workerInfo) => {
      context = await browser.newContext({ baseURL: workerInfo.project.use.baseURL })
      page = await context.newPage()
      await page.goto('/login')
      await signIn(page, user, user)
      await expect(page).not.toHaveURL(/\/login/)
    })
    test.afterAll(async () => context.close())

    for (const screen of SIGNED_IN_SCREENS.filter((each) => each.user === user)) {
      test(screen.name, async () => {
        // axe over a page of charts and a table takes seconds alone, more on CI's two busy cores.
        test.slow()
        await page.goto(screen.path)
        await expect(page.getByRole(screen.ready).first()).toBeVisible()
        expect(await seriousViolations(page)).toEqual([])
      })
    }
  })
}
