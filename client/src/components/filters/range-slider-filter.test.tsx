import { useState } from 'react'
import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { Range } from '@costlens/shared'
import { renderWithProviders } from '../../../test/render.tsx'
import { RangeSliderFilter, type RangeSliderFilterProps } from './range-slider-filter.tsx'

const HOUR = 3_600_000

type SliderSetup = Pick<RangeSliderFilterProps, 'variant' | 'label' | 'metadata'> & {
  /** Metadata a later response brings, applied with the "New metadata" button. */
  next?: Range
}

function renderSlider({ next, ...props }: SliderSetup, initial: Range | null = null) {
  const onChange = vi.fn<(v: Range | null) => void>()
  function Harness() {
    const [value, setValue] = useState(initial)
    const [metadata, setMetadata] = useState(props.metadata)
    return (
      <>
        <RangeSliderFilter
          {...props}
          metadata={metadata}
          value={value}
          onChange={(v) => {
            setValue(v)
            onChange(v)
          }}
        />
        {next && <button onClick={() => setMetadata(next)}>New metadata</button>}
      </>
    )
  }
  return { ...renderWithProviders(<Harness />), onChange }
}

const durationProps = { variant: 'duration', label: 'Duration', metadata: [0, 2 * HOUR] } as const

describe('range slider filter', () => {
  it('B128 B129 the duration inputs show hh:mm:ss, starting at the metadata min and max', () => {
    renderSlider(durationProps)
    expect(screen.getByRole('textbox', { name: 'Minimum Duration' })).toHaveValue('00:00:00')
    expect(screen.getByRole('textbox', { name: 'Maximum Duration' })).toHaveValue('02:00:00')
    expect(screen.getByRole('textbox', { name: 'Minimum Duration' })).toHaveAttribute(
      'placeholder',
      'hh:mm:ss',
    )
  })

  it('B128 a typed duration is applied on Enter; a crossing one is refused', async () => {
    const { user, onChange } = renderSlider(durationProps)
    const min = screen.getByRole('textbox', { name: 'Minimum Duration' })
    await user.clear(min)
    await user.type(min, '00:30:00{Enter}')
    expect(onChange).toHaveBeenLastCalledWith([HOUR / 2, 2 * HOUR])
    await user.clear(min)
    await user.type(min, '03:00:00{Enter}')
    expect(screen.getByRole('alert')).toHaveTextContent('Please make sure all inputs are valid.')
    expect(onChange).toHaveBeenCalledTimes(1)
  })

  it('B129 a touched range is clamped when new metadata arrives', async () => {
    const { user } = renderSlider({ ...durationProps, next: [0, HOUR] }, [HOUR / 2, 2 * HOUR])
    await user.click(screen.getByRole('button', { name: 'New metadata' }))
    expect(screen.getByRole('textbox', { name: 'Minimum Duration' })).toHaveValue('00:30:00')
    expect(screen.getByRole('textbox', { name: 'Maximum Duration' })).toHaveValue('01:00:00')
  })

  it('B129 an untouched slider follows the metadata; Reset makes it untouched again', async () => {
    const { user, onChange } = renderSlider({ ...durationProps, next: [60_000, 3 * HOUR] }, [HOUR / 2, HOUR])
    await user.click(screen.getByRole('button', { name: 'Reset' }))
    expect(onChange).toHaveBeenLastCalledWith(null)
    await user.click(screen.getByRole('button', { name: 'New metadata' }))
    expect(screen.getByRole('textbox', { name: 'Minimum Duration' })).toHaveValue('00:01:00')
    expect(screen.getByRole('textbox', { name: 'Maximum Duration' })).toHaveValue('03:00:00')
  })

  it('B126 the cost slider uses 4 decimals up to $1 and moves by keyboard, emitting at change end', async () => {
    const { user, onChange } = renderSlider({ variant: 'cost', label: 'Cost', metadata: [-0.01, 0.8] })
    expect(screen.getByText('$ 0.0000 – $ 0.8000')).toBeInTheDocument()
    screen.getByRole('slider', { name: 'Maximum Cost' }).focus()
    await user.keyboard('{ArrowLeft}')
    expect(onChange).toHaveBeenLastCalledWith([0, 0.7999])
    expect(screen.getByText('$ 0.0000 – $ 0.7999')).toBeInTheDocument()
  })

  it('the events slider counts in whole events', async () => {
    const { user, onChange } = renderSlider({ variant: 'count', label: 'Events', metadata: [0, 5] })
    expect(screen.getByText('0 – 5')).toBeInTheDocument()
    screen.getByRole('slider', { name: 'Minimum Events' }).focus()
    await user.keyboard('{ArrowRight}')
    expect(onChange).toHaveBeenLastCalledWith([1, 5])
  })
})
