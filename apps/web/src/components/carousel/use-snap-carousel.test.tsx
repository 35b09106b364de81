import { render } from '@testing-library/react'
import { Profiler, type ProfilerOnRenderCallback } from 'react'
import { describe, expect, it } from 'vitest'
import { useSnapCarousel } from './use-snap-carousel'

function Carousel() {
  const { viewportRef, canNext } = useSnapCarousel({ slideCount: 2 })
  return (
    <div ref={viewportRef} data-can-next={canNext}>
      <div>
        <p>One</p>
        <p>Two</p>
      </div>
    </div>
  )
}

describe('useSnapCarousel', () => {
  it('takes its viewport without an update inside the commit', () => {
    // React renders an update made during a commit (a state setter given as a ref, say) synchronously in
    // the same task; on a hydrating page that task held the main thread long enough to count as blocking.
    const phases: string[] = []
    const onRender: ProfilerOnRenderCallback = (_id, phase) => phases.push(phase)
    render(
      <Profiler id="carousel" onRender={onRender}>
        <Carousel />
      </Profiler>,
    )
    expect(phases[0]).toBe('mount')
    expect(phases).not.toContain('nested-update')
  })
})
