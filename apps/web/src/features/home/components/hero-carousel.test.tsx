import { screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { renderRoutes } from '../../../testing/render-app'
import { HeroCarousel } from './hero-carousel'
import { HERO_SLIDES } from './hero-slides'

// Embla measures a real layout, which jsdom lacks; the test records what the component hands it instead.
const embla = vi.hoisted(() => ({ calls: [] as { options: unknown; plugins: unknown[] }[] }))
vi.mock('embla-carousel-react', () => ({
  default: (options: unknown, plugins: unknown[] = []) => {
    embla.calls.push({ options, plugins })
    return [() => undefined, undefined]
  },
}))

interface PluginLike {
  name: string
  options: Record<string, unknown>
}

function isPlugin(value: unknown): value is PluginLike {
  return typeof value === 'object' && value !== null && 'name' in value && 'options' in value
}

function lastPlugins(): PluginLike[] {
  return (embla.calls.at(-1)?.plugins ?? []).filter(isPlugin)
}

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
  beforeEach(() => {
    embla.calls = []
  })

  it('shows three promotional slides, one per view, looping', async () => {
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
    expect(embla.calls.at(-1)?.options).toMatchObject({ loop: true })
  })

  it('autoplays every 4000 ms and pauses on hover and focus', async () => {
    prefersReducedMotion(false)
    renderCarousel()
    await screen.findByRole('region', { name: 'This week at Larder' })
    const [autoplay, ...others] = lastPlugins()
    expect(others).toEqual([])
    expect(autoplay?.name).toBe('autoplay')
    expect(autoplay?.options).toMatchObject({
      delay: 4000,
      stopOnMouseEnter: true,
      stopOnFocusIn: true,
      stopOnInteraction: false,
    })
  })

  it('lets a visitor who prefers reduced motion start and pause the slides', async () => {
    prefersReducedMotion(true)
    const { user } = renderCarousel()
    await user.click(await screen.findByRole('button', { name: 'Play the slides' }))
    expect(lastPlugins().map((plugin) => plugin.name)).toEqual(['autoplay'])
    embla.calls = []
    await user.click(screen.getByRole('button', { name: 'Pause the slides' }))
    expect(embla.calls.length).toBeGreaterThan(0)
    expect(lastPlugins()).toEqual([])
  })

  it('does not autoplay when the visitor prefers reduced motion', async () => {
    prefersReducedMotion(true)
    renderCarousel()
    await screen.findByRole('button', { name: 'Play the slides' })
    expect(embla.calls.length).toBeGreaterThan(0)
    expect(embla.calls.every((call) => call.plugins.length === 0)).toBe(true)
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
