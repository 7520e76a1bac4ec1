const USD = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
})

/** A USD figure as the cost pages show it: thousands separators and cents ('$12,345.67'). */
export const usd = (value: number): string => USD.format(value)
