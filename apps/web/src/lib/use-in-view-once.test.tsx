import { render, screen } from '@testing-library/react'
import { Profiler, type ProfilerOnRenderCallback } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  installFakeIntersectionObserver,
  scrollIntoView,
  watchedElements,
} from '../testing/fake-intersection-observer'
import { useInViewOnce } from './use-in-view-once'

function Section() {
  const { ref, seen } = useInViewOnce<HTMLElement>()
  return <section ref={ref}>{seen ? 'Products' : 'Not yet'}</section>
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('useInViewOnce', () => {
  it('watches its element and turns true when the element comes into view', () => {
    installFakeIntersectionObserver()
    render(<Section />)
    const section = screen.getByText('Not yet')
    expect(watchedElements()).toEqual([section])
    scrollIntoView(section)
    expect(screen.getByText('Products')).toBeInTheDocument()
    expect(watchedElements()).toEqual([])
  })

  it('takes its element without an update inside the commit', () => {
    // See use-snap-carousel.test.tsx: such an update is rendered again in the same task.
    installFakeIntersectionObserver()
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
