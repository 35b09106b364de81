import { act, render, screen } from '@testing-library/react'
import { Profiler, type ProfilerOnRenderCallback } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useInViewOnce } from './use-in-view-once'

function Section() {
  const { ref, seen } = useInViewOnce<HTMLElement>()
  return <section ref={ref}>{seen ? 'Products' : 'Not yet'}</section>
}

/** An IntersectionObserver the test drives: `observed` are the elements watched, `show()` brings them in. */
function fakeIntersectionObserver() {
  const observed: Element[] = []
  let notify: IntersectionObserverCallback = () => undefined
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: IntersectionObserverCallback) {
        notify = callback
      }
      observe(element: Element) {
        observed.push(element)
      }
      disconnect() {
        observed.length = 0
      }
    },
  )
  const show = () =>
    notify(
      observed.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
      {} as IntersectionObserver,
    )
  return { observed, show }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('useInViewOnce', () => {
  it('watches its element and turns true when the element comes into view', () => {
    const { observed, show } = fakeIntersectionObserver()
    render(<Section />)
    expect(screen.getByText('Not yet')).toBeInTheDocument()
    expect(observed).toEqual([screen.getByText('Not yet')])
    act(show)
    expect(screen.getByText('Products')).toBeInTheDocument()
    expect(observed).toEqual([])
  })

  it('takes its element without an update inside the commit', () => {
    // See use-snap-carousel.test.tsx: such an update is rendered again in the same task.
    fakeIntersectionObserver()
    const phases: string[] = []
    const onRender: ProfilerOnRenderCallback = (_id, phase) => phases.push(phase)
    render(
      <Profiler id="section" onRender={onRender}>
        <Section />
      </Profiler>,
    )
    expect(phases).toEqual(['mount'])
  })
})
