/**
 * Product cards below the fold are laid out only as they near the screen (`content-visibility: auto`);
 * until then each stands in at `--card-height`, which the page's grid takes from its first card, the one
 * laid out first (cards of one grid share a height: the name keeps two lines, the button sits at the
 * bottom). A wrong stand-in moves everything under a row as it comes into view, so a jump to the
 * pagination left Next elsewhere by the time it was clicked.
 *
 * After hydration `use-card-height.ts` keeps the figure for the grids React renders. Before it, on a
 * server-rendered page, this script does, from the first frame on: a shopper who scrolls and clicks while
 * the page's code is still on its way meets the cards at their real height. It looks for grids at each
 * frame while the page is parsed (where the first paint waits for the whole page, decision 0015, the
 * first frame finds them all) and lets go of a grid once its first card is gone. The server allows the
 * script by its hash in the CSP (docs/decisions/0021-card-height-before-hydration.md).
 */

/** Marks a product grid whose first card gives the stand-in height of the others. */
export const CARD_GRID_ATTRIBUTE = 'data-card-grid'

/** The custom property, set on the grid, whose value the items' `contain-intrinsic-size` takes. */
export const CARD_HEIGHT_PROPERTY = '--card-height'

export const CARD_HEIGHT_SCRIPT =
  '(function(){if(!window.ResizeObserver)return;var watched=[];' +
  'function watch(grid){var first=grid.firstElementChild;if(!first||watched.indexOf(grid)>=0)return;' +
  'watched.push(grid);new ResizeObserver(function(entries,observer){' +
  'if(first.parentNode!==grid)return observer.disconnect();' +
  // The content box: `contain-intrinsic-size` stands in for it, and padding is added as usual.
  'var height=entries[entries.length-1].contentRect.height;' +
  `if(height>0)grid.style.setProperty('${CARD_HEIGHT_PROPERTY}',height+'px')}).observe(first)}` +
  `function look(){var grids=document.querySelectorAll('[${CARD_GRID_ATTRIBUTE}]');` +
  'for(var i=0;i<grids.length;i++)watch(grids[i]);' +
  "if(document.readyState==='loading')requestAnimationFrame(look)}" +
  'requestAnimationFrame(look)})()'
