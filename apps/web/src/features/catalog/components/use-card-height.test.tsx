import { render } from '@testing-library/react'
import { useLayoutEffect, type ReactNode } from 'react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { CARD_HEIGHT_PROPERTY } from '../../../framework/inline-scripts/names'
import { useCardHeight } from './use-card-height'

/** The observers the hook made, with what each watches; jsdom has none of its own. */
let observers: { callback: ResizeObserverCallback; targets: Element[]; connected: boolean }[] = []

beforeEach(() => {
  observers = []
  vi.stubGlobal(
    'ResizeObserver',
    class {
      private readonly record: (typeof observers)[number]
      constructor(callback: ResizeObserverCallback) {
        this.record = { callback, targets: [], connected: true }
        observers.push(this.record)
      }
      observe(target: Element) {
        this.record.targets.push(target)
      }
      unobserve() {}
      disconnect() {
        this.record.connected = false
      }
    },
  )
})

/** The browser's answer for the card watched now: its content box `height` px tall. */
function answer(height: number) {
  const live = observers.filter((observer) => observer.connected)
  expect(live).toHaveLength(1)
  const [observer] = live
  const target = observer?.targets[0]
  if (!observer || !target) throw new Error('no card watched')
  const entry = { target, contentRect: { height } } as unknown as ResizeObserverEntry
  observer.callback([entry], {} as ResizeObserver)
}

function Grid({ names }: { names: string[] }) {
  const ref = useCardHeight<HTMLUListElement>(names)
  return (
    <ul ref={ref} data-testid="grid">
      {names.map((name) => (
        <li key={name}>
          <article>{name}</article>
        </li>
      ))}
    </ul>
  )
}

/** Runs `check` in a layout effect around the grid's: after the grid's own, before the browser paints. */
function BeforePaint({ check, children }: { check: () => void; children: ReactNode }) {
  useLayoutEffect(() => {
    check()
  })
  return children
}

const grid = (container: HTMLElement) => container.querySelector('ul') as HTMLUListElement
const standIn = (container: HTMLElement) => grid(container).style.getPropertyValue(CARD_HEIGHT_PROPERTY)

describe('useCardHeight', () => {
  it('watches the first card before the browser paints the grid, so its answer comes in that frame', () => {
    let watchedBeforePaint: Element[] = []
    const { container } = render(
      <BeforePaint
        check={() => {
          watchedBeforePaint = observers.flatMap((observer) => observer.targets)
        }}
      >
        <Grid names={['Bread', 'Milk']} />
      </BeforePaint>,
    )
    expect(watchedBeforePaint).toEqual([grid(container).firstElementChild])
  })

  it('stands the cards in at the first card’s height, written so that the property keeps it', () => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(366)
    const { container } = render(<Grid names={['Bread', 'Milk']} />)
    answer(338.15625)
    expect(standIn(container)).toBe('338.157px')
  })

  it('starts a grid of a width already measured from that measure, and the next page from its own card', () => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(367)
    const first = render(<Grid names={['Bread', 'Milk']} />)
    answer(338.15625)
    first.unmount()
    const { container, rerender } = render(<Grid names={['Eggs', 'Flour']} />)
    expect(standIn(container)).toBe('338.157px')
    // Another page of results: the old card, gone, is let go of before the new one is watched.
    rerender(<Grid names={['Jam', 'Tea']} />)
    expect(observers.filter((observer) => observer.connected)).toHaveLength(1)
    answer(0)
    expect(standIn(container)).toBe('338.157px')
    answer(340.5)
    expect(standIn(container)).toBe('340.5px')
  })

  it('takes no measure from a first card not laid out yet, which only reports its stand-in', () => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(368)
    const unseen = render(<Grid names={['Bread', 'Milk']} />)
    const card = grid(unseen.container).querySelector('article') as HTMLElement
    Object.assign(card, { checkVisibility: () => false })
    answer(352)
    unseen.unmount()
    const { container } = render(<Grid names={['Eggs', 'Flour']} />)
    expect(standIn(container)).toBe('')
  })
})
