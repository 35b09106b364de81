/**
 * Loads Larder's exported catalogue (CATALOGUE_JSON, written by bench/peers/run.ts) into Medusa through its
 * own workflows: a GBP region, a sales channel, a publishable API key, the three-level category tree, and
 * one product with one GBP-priced variant per Larder product. Writes medusa-ids.json (the key and region)
 * for the store API calls.
 */
import type { ExecArgs } from '@medusajs/framework/types'
import { ContainerRegistrationKeys, Modules, ProductStatus } from '@medusajs/framework/utils'
import {
  createApiKeysWorkflow,
  createProductCategoriesWorkflow,
  createProductsWorkflow,
  createRegionsWorkflow,
  createSalesChannelsWorkflow,
  createShippingProfilesWorkflow,
  linkSalesChannelsToApiKeyWorkflow,
  updateStoresWorkflow,
} from '@medusajs/medusa/core-flows'
import { readFileSync, writeFileSync } from 'node:fs'

interface Item {
  id: number
  name: string
  description: string
  /** Pence. */
  price: number
  qty: number
  images: string[]
  l1: string
  l2: string
  l3: string | null
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')

/** Category paths as Larder spells them: "Fresh>Cheese", "Fresh>Cheese>Hard". */
const pathOf = (item: Item) => [item.l1, item.l2, item.l3].filter((part) => part !== null).join('>')

export default async function seed({ container }: ExecArgs) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const salesChannels = container.resolve(Modules.SALES_CHANNEL)
  const stores = container.resolve(Modules.STORE)
  const fulfilment = container.resolve(Modules.FULFILLMENT)
  const items = JSON.parse(readFileSync(process.env.CATALOGUE_JSON ?? 'catalogue.json', 'utf8')) as Item[]

  const [store] = await stores.listStores()
  if (!store) throw new Error('Medusa has no store: run db:migrate first')
  let channels = await salesChannels.listSalesChannels({ name: 'Default Sales Channel' })
  if (channels.length === 0) {
    const { result } = await createSalesChannelsWorkflow(container).run({
      input: { salesChannelsData: [{ name: 'Default Sales Channel' }] },
    })
    channels = result
  }
  const channel = channels[0]
  if (!channel) throw new Error('no sales channel')
  await updateStoresWorkflow(container).run({
    input: {
      selector: { id: store.id },
      update: {
        supported_currencies: [{ currency_code: 'gbp', is_default: true }],
        default_sales_channel_id: channel.id,
      },
    },
  })
  const { result: regions } = await createRegionsWorkflow(container).run({
    input: {
      regions: [
        { name: 'UK', currency_code: 'gbp', countries: ['gb'], payment_providers: ['pp_system_default'] },
      ],
    },
  })
  let profiles = await fulfilment.listShippingProfiles({ type: 'default' })
  if (profiles.length === 0) {
    const { result } = await createShippingProfilesWorkflow(container).run({
      input: { data: [{ name: 'Default Shipping Profile', type: 'default' }] },
    })
    profiles = result
  }
  const profile = profiles[0]
  if (!profile) throw new Error('no shipping profile')
  const { result: keys } = await createApiKeysWorkflow(container).run({
    input: { api_keys: [{ title: 'Webshop', type: 'publishable', created_by: '' }] },
  })
  const key = keys[0]
  if (!key) throw new Error('no publishable key')
  await linkSalesChannelsToApiKeyWorkflow(container).run({ input: { id: key.id, add: [channel.id] } })

  // The tree, a level at a time: each level's parents exist before it.
  const categoryIds = new Map<string, string>()
  for (const depth of [1, 2, 3]) {
    const unique = [
      ...new Set(
        items
          .map((item) => pathOf(item).split('>'))
          .filter((parts) => parts.length >= depth)
          .map((parts) => parts.slice(0, depth).join('>')),
      ),
    ]
    if (unique.length === 0) continue
    const { result } = await createProductCategoriesWorkflow(container).run({
      input: {
        product_categories: unique.map((path) => {
          const parts = path.split('>')
          const parent = categoryIds.get(parts.slice(0, -1).join('>'))
          return {
            name: parts[parts.length - 1] ?? path,
            handle: slug(path),
            is_active: true,
            ...(parent ? { parent_category_id: parent } : {}),
          }
        }),
      },
    })
    result.forEach((category, index) => categoryIds.set(unique[index] ?? '', category.id))
  }
  writeFileSync('medusa-ids.json', JSON.stringify({ publishableKey: key.token, regionId: regions[0]?.id }))

  const BATCH = 200
  // Oldest first, so that Medusa's newest-first order is Larder's.
  const ordered = [...items].reverse()
  for (let start = 0; start < ordered.length; start += BATCH) {
    const batch = ordered.slice(start, start + BATCH)
    await createProductsWorkflow(container).run({
      input: {
        products: batch.map((item) => ({
          title: item.name,
          handle: `${slug(item.name)}-${item.id}`,
          description: item.description,
          status: ProductStatus.PUBLISHED,
          shipping_profile_id: profile.id,
          category_ids: [categoryIds.get(pathOf(item)) ?? ''],
          thumbnail: item.images[0] ? `http://127.0.0.1${item.images[0]}` : undefined,
          images: item.images.map((url) => ({ url: `http://127.0.0.1${url}` })),
          options: [{ title: 'Pack', values: ['Standard'] }],
          variants: [
            {
              title: 'Standard',
              sku: `L${item.id}`,
              manage_inventory: false,
              options: { Pack: 'Standard' },
              prices: [{ amount: item.price / 100, currency_code: 'gbp' }],
            },
          ],
          sales_channels: [{ id: channel.id }],
          metadata: { larder_id: item.id },
        })),
      },
    })
    logger.info(`products ${start + batch.length}/${ordered.length}`)
  }
}
