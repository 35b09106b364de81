/** Spec, product detail: 'N products left in stock!' (one product reads as one). */
export function stockText(qty: number): string {
  const left = Math.max(0, qty)
  return left === 1 ? '1 product left in stock!' : `${left} products left in stock!`
}

/** Spec, product detail: 'In-Stock' when qty > 0, 'Out of Stock' when it is 0. */
export function availabilityText(qty: number): 'In-Stock' | 'Out of Stock' {
  return qty > 0 ? 'In-Stock' : 'Out of Stock'
}
