/**
 * The two picture shapes the media route draws, and the URLs that name them. The seed builds its image
 * URLs here so they can never drift from the routes that answer them.
 */
export const PICTURE_SHAPES = ['food', 'shop'] as const
export type PictureShape = (typeof PICTURE_SHAPES)[number]

/** A square food tile: an icon from the emoji set on a rounded tile of the given colour. */
export const foodImageUrl = (icon: string, tile: string) => `/media/food/${icon}/${tile}.svg`

/** A wide shop-front picture: the shop's icon under a striped awning. */
export const shopImageUrl = (icon: string, tile: string) => `/media/shop/${icon}/${tile}.svg`
