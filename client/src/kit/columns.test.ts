import { describe, expect, it } from 'vitest'
import { columns } from './columns.tsx'

interface Row {
  cost: number
  credits: number
  share: number
}
const row: Row = { cost: 3713.07634, credits: 1237.69214, share: 12.345 }

describe('kit column builders', () => {
  it.each([
    ['usd, 2 decimals (B136)', columns.usd<Row>('cost', 'Cost'), '$ 3,713.08', undefined],
    [
      'usd, 4 decimals (03 §9 Snowflake)',
      columns.usd<Row>('cost', 'Cost', 120, 4),
      '$ 3,713.0763',
      '3713.0763',
    ],
    ['credits (03 §9)', columns.credits<Row>('credits'), '1,237.6921', '1237.6921'],
    ['percent', columns.percent<Row>('share', 'Share'), '12.35%', undefined],
  ])(
    '%s: thousands grouped on screen, plain 4-decimal text in files (B135)',
    (_, column, shown, exported) => {
      expect(column.render!(row)).toBe(shown)
      expect(column.exportValue?.(row)).toBe(exported)
    },
  )

  it('names the currency in the heading', () => {
    expect(columns.usd<Row>('cost', 'Cost', 140, 4).title).toBe('Cost (USD)')
  })
})
