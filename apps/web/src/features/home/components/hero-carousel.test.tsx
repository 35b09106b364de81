import { act, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderRoutes } from '../../../testing/render-app'
import { HeroCarousel } from './hero-carousel'
import { HERO_SLIDES } from './hero-slides'

// jsdom lays nothing out, so slides never move here: e2e/home.spec.ts watches them move and autoplay.
function prefersReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: reduce && query === '(prefers-reduced-motion: reduce)',
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  )
}

function renderCarousel() {
  return renderRoutes('/', [{ path: '/', Component: () => <HeroCarousel slides={HERO_SLIDES} /> }])
}

describe('HeroCarousel', () => {
  it('shows three promotional slides', async () => {
    renderCarousel()
    const carousel = await screen.findByRole('region', { name: 'This week at Larder' })
    const slides = within(carousel).getAllByRole('group')
    expect(slides).toHaveLength(3)
    expect(slides.map((slide) => slide.getAttribute('aria-label'))).toEqual(['1 of 3', '2 of 3', '3 of 3'])
    expect(
      within(carousel)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(HERO_SLIDES.map((slide) => slide.title))
  })

  it('plays by default, quietly for screen readers', async () => {
    prefersReducedMotion(false)
    renderCarousel()
    expect(await screen.findByRole('button', { name: 'Pause the slides' })).toBeInTheDocument()
    expect(screen.getAllByRole('group')[0]?.parentElement).toHaveAttribute('aria-live', 'off')
  })

  it('announces the slides while the keyboard holds it still, since every change is then a press', async () => {
    prefersReducedMotion(false)
    renderCarousel()
    const track = () => screen.getAllByRole('group')[0]?.parentElement
    await screen.findByRole('button', { name: 'Pause the slides' })
    expect(track()).toHaveAttribute('aria-live', 'off')
    act(() => screen.getByRole('button', { name: 'Next slide' }).focus())
    expect(track()).toHaveAttribute('aria-live', 'polite')
    act(() => screen.getByRole('button', { name: 'Next slide' }).blur())
    expect(track()).toHaveAttribute('aria-live', 'off')
  })

  it('does not play for a visitor who prefers reduced motion, who can start and pause it', async () => {
    prefersReducedMotion(true)
    const { user } = renderCarousel()
    await user.click(await screen.findByRole('button', { name: 'Play the slides' }))
    expect(screen.getAllByRole('group')[0]?.parentElement).toHaveAttribute('aria-live', 'off')
    await user.click(screen.getByRole('button', { name: 'Pause the slides' }))
    expect(screen.getByRole('button', { name: 'Play the slides' })).toBeInTheDocument()
    expect(screen.getAllByRole('group')[0]?.parentElement).toHaveAttribute('aria-live', 'polite')
  })

  it('offers previous, next and one dot per slide, the first marked current', async () => {
    renderCarousel()
    await screen.findByRole('button', { name: 'Previous slide' })
    expect(screen.getByRole('button', { name: 'Next slide' })).toBeInTheDocument()
    const dots = screen.getAllByRole('button', { name: /^Slide \d: / })
    expect(dots).toHaveLength(3)
    expect(dots.map((dot) => dot.getAttribute('aria-current'))).toEqual(['true', null, null])
  })

  it('keeps slides that are out of view out of the tab order', async () => {
    renderCarousel()
    const slides = await screen.findAllByRole('group')
    expect(slides.map((slide) => slide.hasAttribute('inert'))).toEqual([false, true, true])
  })
})
