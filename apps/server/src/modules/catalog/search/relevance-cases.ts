/**
 * The relevance test set: what shoppers type, over the demo catalogue (db/seed, 360 products), with the
 * products that must be in the first five results, the ones that must not, and which products count as
 * relevant for precision@5 and recall@20 (relevance.test.ts prints both; the README states them).
 */
import type { Product } from '@larder/shared'

export interface RelevanceCase {
  /** What the shopper typed in the search box. */
  text: string
  /** Product names that must be among the first five results. */
  top: string[]
  /** Names matching these must not be among the first five. */
  not?: RegExp[]
  /** Which products answer the text. */
  relevant: (product: Product) => boolean
}

const name = (pattern: RegExp) => (p: Product) => pattern.test(p.productName)
const l2 = (category: string) => (p: Product) => p.categoryL2 === category
const l3 = (category: string) => (p: Product) => p.categoryL3 === category
const l1 = (category: string) => (p: Product) => p.categoryL1 === category
const shop = (company: string) => (p: Product) => p.vendorCompanyName === company
const any =
  (...tests: ((p: Product) => boolean)[]) =>
  (p: Product) =>
    tests.some((test) => test(p))

const c = (text: string, relevant: (p: Product) => boolean, top: string[] = [], not?: RegExp[]) => ({
  text,
  relevant,
  top,
  not,
})

export const RELEVANCE_CASES: RelevanceCase[] = [
  // Aisles by the word a shopper uses for them.
  c('fish', l2('See food and Fish'), [], [/Crisps|Cake/]),
  c('cheese', l2('Cheese'), [], [/Crisps|Bread|Butter/]),
  c('bread', any(l2('Bread'), name(/bread/i)), ['Seeded Rye Bread', 'Sourdough Loaf'], [/Banana/]),
  // The aisle the whole text names comes before names with the word from other aisles.
  c('fruit', l3('Fruits'), ['Bramley Apples'], [/Cake|Muesli|Scones/]),
  c('spices', l2('Spices'), ['Garam Masala'], [/Juice/]),
  c('cream', name(/cream/i), ['Double Cream', 'Single Cream'], [/Milk/]),
  // Two typos in a word of 7 or 8 letters that begins as typed, when nothing matched as typed.
  c('brocolli', name(/broccoli/i), ['Broccoli Crown', 'Tenderstem Broccoli']),
  c('sardeens', name(/sardine/i), ['Cornish Sardines in Olive Oil']),
  c('crosants', name(/croissant/i), ['Croissants']),
  // Words for a set of things, and two words for one.
  c('veggies', any(l3('Vegetables'), name(/vegetable/i)), ['Frozen Mixed Vegetables']),
  c('shellfish', name(/prawn|crab|lobster|mussel|oyster|shrimp/i), ['Raw King Prawns', 'Shetland Mussels']),
  c('condiments', name(/mustard|pickle|chutney|piccalilli/i), ['Wholegrain Mustard', 'Mango Chutney']),
  c('hot drinks', any(l2('Tea & Coffee'), name(/hot chocolate/i)), ['Colombian Ground Coffee']),
  c('caffeine free', name(/decaf/i), ['Decaf Ground Coffee']),
  c('corn', name(/sweetcorn/i), ['Sweetcorn Cobs', 'Frozen Sweetcorn']),
  c('melon', name(/melon/i), ['Cantaloupe Melon', 'Mini Watermelon']),
  c('nuts', name(/\bnuts?\b|peanut|cashew|almond|walnut|hazelnut|pistachio|pecan/i), ['Roasted Cashews']),
  c('cake', any(l2('Cakes'), name(/cake/i)), []),
  c('eggs', l2('Eggs'), ['Duck Eggs']),
  c('milk', any(l2('Milk & Cream'), name(/milk/i)), ['Whole Milk']),
  c('chicken', name(/chicken/i), ['Whole Chicken']),
  c('water', l2('Water'), ['Still Spring Water']),
  c('pasta', l2('Pasta'), []),
  c('rice', name(/rice/i), ['Long Grain Rice']),
  c('tea', any(l2('Tea & Coffee'), name(/\btea\b/i)), [], [/Teacakes/]),
  c('coffee', name(/coffee/i), ['Decaf Ground Coffee', 'Coffee and Walnut Cake'], [/Tea|Chai/]),
  c('wine', name(/wine/i), ['English Sparkling Wine']),
  // Beer, not Fiery Ginger Beer: a compound names another thing than its last word.
  c(
    'beer',
    (p) =>
      /\b(ale|bitter|stout|lager)\b/i.test(p.productName) || /^(?!.*ginger).*\bbeer\b/i.test(p.productName),
    ['London Pale Ale', 'Best Bitter'],
    [/Ginger Beer/],
  ),
  c('cream', name(/(double|single|clotted|sour) cream/i), ['Double Cream', 'Single Cream'], [/Ice Cream/]),
  c('milk', name(/\bmilk$/i), ['Whole Milk'], [/Coconut/]),
  c('cereal', l2('Breakfast Cereals'), []),
  c('bakery', l1('Bakery'), []),
  c('ice cream', name(/ice cream/i), ['Vanilla Ice Cream']),
  c('chocolate', name(/chocolate|choc/i), ['Milk Chocolate Bar']),
  // Accents and word forms.
  c('creme', name(/crème/i), ['Crème Fraîche']),
  c('creme fraiche', name(/crème fraîche/i), ['Crème Fraîche']),
  c('presse', name(/pressé/i), ['Elderflower Pressé']),
  c('bananas', name(/banana/i), ['Fairtrade Bananas', 'Banana Bread']),
  c('banana', name(/banana/i), ['Fairtrade Bananas', 'Banana Bread']),
  c('sausage', name(/sausage/i), ['Cumberland Sausages', 'Sausage Rolls']),
  c('potato', name(/potato/i), ['King Edward Potatoes']),
  // A word without a typo in the description before a typo in the name ("range" for "orange").
  c('orange', name(/orange/i), ['Freshly Squeezed Orange Juice'], [/Free-range/]),
  // The thing itself before what is made of it: a name's last word names it.
  c('apples', name(/\bapples\b/i), ['Bramley Apples', 'Gala Apples'], [/Juice|Turnovers/]),
  c('potatoes', name(/potatoes/i), ['King Edward Potatoes'], [/Gnocchi/]),
  c('strawberry', name(/strawberr/i), ['British Strawberries', 'Strawberry Jam']),
  // Joined and split words, word order.
  c('sour dough', name(/sourdough/i), ['Sourdough Loaf', 'Organic Sourdough Loaf']),
  c('sourdough', name(/sourdough/i), ['Sourdough Loaf', 'Organic Sourdough Loaf']),
  c('icecream', name(/ice cream/i), ['Vanilla Ice Cream']),
  c('pop corn', name(/popcorn/i), ['Sweet and Salty Popcorn']),
  c('cheddar mature', name(/mature cheddar/i), ['Mature Cheddar', 'Extra Mature Cheddar']),
  c('juice apple', name(/apple juice|apple and rhubarb juice/i), ['Cloudy Apple Juice']),
  c('milk whole', name(/whole milk/i), ['Whole Milk', 'Organic Whole Milk']),
  c('cake carrot', name(/carrot cake/i), ['Carrot Cake']),
  // Typos: one from 5 letters, two from 9; a swap of two letters is one.
  c('chedar', name(/cheddar/i), ['Mature Cheddar']),
  c('chiken', name(/chicken/i), ['Whole Chicken']),
  c('samlon', name(/salmon/i), ['Scottish Salmon Fillet']),
  c('croisant', name(/croissant/i), ['Croissants', 'Almond Croissants']),
  c('spagetti', name(/spaghetti/i), ['Spaghetti', 'Organic Spaghetti']),
  c('tomatos', name(/tomato/i), ['Vine Tomatoes', 'Cherry Tomatoes']),
  c('cofee', name(/coffee/i), ['Colombian Ground Coffee']),
  c('mozarella', name(/mozzarella/i), ['Buffalo Mozzarella']),
  c('haloumi', name(/halloumi/i), ['Halloumi']),
  c('brocoli', name(/broccoli/i), ['Tenderstem Broccoli', 'Broccoli Crown']),
  c('strawberies', name(/strawberr/i), ['British Strawberries']),
  c('avocado', name(/avocado/i), ['Ripe and Ready Avocados']),
  // A typo in a word typed in the other number than the catalogue's.
  c('avacado', name(/avocado/i), ['Ripe and Ready Avocados']),
  c('brocolis', name(/broccoli/i), ['Tenderstem Broccoli', 'Broccoli Crown']),
  c('parmesan', name(/parmigiano/i), []),
  // Synonyms (search-synonyms.ts).
  c('eggplant', name(/aubergine/i), ['Aubergine']),
  c('ground beef', name(/mince/i), ['Lean Beef Mince']),
  c('shrimp', name(/prawn|shrimp/i), ['Potted Brown Shrimps', 'Raw King Prawns']),
  c('cookies', name(/biscuit|digestive|shortbread|oatcake/i), ['Digestive Biscuits', 'Chocolate Digestives']),
  c('yogurt', name(/yoghurt/i), ['Greek-style Yoghurt', 'Natural Live Yoghurt']),
  c('chips', name(/chips|crisps/i), ['Chunky Oven Chips']),
  c('oatmeal', name(/porridge|oatmeal/i), ['Scottish Porridge Oats']),
  c('fresh bread', l2('Bread'), ['Sourdough Loaf'], [/Breaded|bred/]),
  c('plant milk', name(/oat drink|coconut milk/i), ['Barista Oat Drink']),
  c('porridge', name(/porridge/i), ['Scottish Porridge Oats'], [/Stout/]),
  c('fizzy drinks', name(/\bcola\b|lemonade|cream soda|ginger beer/i), ['Classic Cola'], [/Bread/]),
  // A plural misspelt as the singular and "s" still ranks the thing first.
  c('mangos', name(/mango/i), ['Alphonso Mangoes']),
  c('potatos', name(/potato/i), ['King Edward Potatoes'], [/Gnocchi/]),
  // Of products with some of the words, one named for a typo of the last ranks below those with a word as
  // typed: "shop" is no "chop".
  c('cheese shop', shop('The Pinner Cheese Room'), ["Goats' Cheese Log"], [/Chop/]),
  c('cheese shops', shop('The Pinner Cheese Room'), ["Goats' Cheese Log"], [/Chop/]),
  // Where a thing is sold says no more than the thing: the butcher's products, not the Farm Shop's.
  c('butchers shop', shop('Hadley & Sons Family Butchers'), [], [/Potatoes|Eggs|Butter/]),
  c('fish counter', l2('See food and Fish'), ['Smoked Haddock Fillets'], [/Kitchen|Crisps/]),
  // Plurals that name another thing than their singular, and chips that are not fried potatoes.
  c('sweets', name(/chocolate bar|dark chocolate|fudge/i), ['Milk Chocolate Bar', 'Dark Chocolate 70%']),
  c('candy', name(/chocolate bar|dark chocolate|fudge/i), ['Milk Chocolate Bar', 'Dark Chocolate 70%']),
  c('tins', l2('Tins & Jars'), ['Chopped Tomatoes', 'Baked Beans'], [/Tin Loaf/]),
  c('chips', name(/oven chips|crisps/i), ['Chunky Oven Chips', 'Sea Salt Crisps'], [/Ice Cream/]),
  // A synonym half typed, as the search box sends it while the shopper types.
  c('eggpl', name(/aubergine/i), ['Aubergine']),
  c('yogu', name(/yoghurt/i), ['Greek-style Yoghurt', 'Natural Live Yoghurt']),
  c('donut', name(/doughnut/i), ['Cream Doughnuts']),
  c('popsicle', name(/ice lollies/i), ['Orange Ice Lollies']),
  c('loo roll', name(/toilet tissue/i), ['Toilet Tissue']),
  c('dish soap', name(/washing-up liquid/i), ['Washing-up Liquid']),
  c('garbanzo beans', name(/chickpea/i), ['Dried Chickpeas', 'Chickpeas in Water']),
  c('jeera', name(/cumin/i), ['Cumin Seeds']),
  c('haldi', name(/turmeric/i), ['Ground Turmeric']),
  c('seafood', l2('See food and Fish'), [], [/Linguine/]),
  c('loaves', any(l2('Bread'), name(/loaf/i)), ['Sourdough Loaf'], [/Bombay|Tea|Yarg|Scampi|Banana/]),
  c('coke', name(/\bcola\b/i), ['Classic Cola'], [/Cake/]),
  c('calamari', name(/squid/i), ['Squid Rings']),
  c('satsumas', name(/clementine/i), ['Easy Peeler Clementines']),
  c('detergent', name(/laundry/i), ['Non-bio Laundry Liquid']),
  c('trash bags', name(/bin bags/i), ['Bin Bags'], [/Tea Bags/]),
  c('plastic wrap', name(/cling film/i), ['Cling Film'], [/Kitchen Roll|Toilet/]),
  c('paper towels', name(/kitchen roll/i), ['Kitchen Roll'], [/Parchment/]),
  c('fizzy water', name(/sparkling.*water/i), ['Sparkling Water with Lime']),
  c('full fat milk', name(/whole milk/i), ['Whole Milk', 'Organic Whole Milk'], [/Cheddar/]),
  // Words that stand for several others, one way only.
  c('alcohol', l2('Beer, Wine & Cider'), ['London Pale Ale', 'Herefordshire Dry Cider']),
  c('booze', l2('Beer, Wine & Cider'), [], [/Cake/]),
  c('lager', name(/pale ale|bitter|stout/i), ['London Pale Ale'], [/Cake|Yoghurt|Lasagne|Pie/]),
  c('poultry', name(/chicken/i), ['Whole Chicken']),
  c('oj', name(/orange juice/i), ['Freshly Squeezed Orange Juice']),
  c('vegetable oil', name(/rapeseed oil|sunflower oil/i), ['Sunflower Oil', 'Cold-pressed Rapeseed Oil']),
  c('chicken legs', name(/chicken (thighs|drumsticks)/i), ['Chicken Drumsticks', 'Chicken Thighs']),
  c('herbal tea', name(/peppermint tea/i), ['Peppermint Tea']),
  c('white wine', name(/sauvignon blanc/i), ['New Zealand Sauvignon Blanc']),
  c('diet lemonade', name(/sugar-free cloudy lemonade/i), ['Sugar-free Cloudy Lemonade']),
  c('brown bread', name(/wholemeal tin loaf|granary/i), ['Wholemeal Tin Loaf', 'Granary Cob'], [/Banana/]),
  // A misspelt synonym finds what the synonym finds.
  c('parmesean', name(/parmigiano/i), ['Parmigiano Reggiano']),
  c('popsicel', name(/ice lollies/i), ['Orange Ice Lollies']),
  // Products by their name, several words.
  c('mature cheddar', name(/mature cheddar/i), ['Mature Cheddar', 'Extra Mature Cheddar']),
  c('apple juice', name(/apple juice|apple and rhubarb juice/i), ['Cloudy Apple Juice']),
  c('orange juice', name(/orange juice/i), ['Freshly Squeezed Orange Juice']),
  c('semi skimmed milk', name(/semi-skimmed milk/i), ['Semi-skimmed Milk']),
  c('unsalted butter', name(/unsalted butter/i), ['Unsalted Butter']),
  c('chicken breast', name(/chicken breast/i), ['Chicken Breast Fillets']),
  c('carrot cake', name(/carrot cake/i), ['Carrot Cake']),
  c('chocolate cake', name(/chocolate.*cake/i), ['Chocolate Fudge Cake']),
  c('pain au chocolat', name(/pain au chocolat/i), ['Pain au Chocolat']),
  c('hot cross buns', name(/hot cross buns/i), ['Hot Cross Buns']),
  c('earl grey', name(/earl grey/i), ['Earl Grey Loose Leaf Tea']),
  c('olive oil', name(/olive oil/i), ['Extra Virgin Olive Oil']),
  c('peanut butter', name(/peanut butter/i), ['Smooth Peanut Butter']),
  c('salt and vinegar crisps', name(/salt and vinegar crisps/i), ['Salt and Vinegar Crisps']),
  c('free range eggs', name(/free-range eggs/i), ['Large Free-range Eggs']),
  c('frozen peas', name(/frozen.*peas/i), ['Frozen Garden Peas']),
  c('washing up liquid', name(/washing-up liquid/i), ['Washing-up Liquid']),
  c('kitchen roll', name(/kitchen roll/i), ['Kitchen Roll']),
  c('pork pie', name(/pork pie/i), ['Melton Mowbray Pork Pie']),
  c('sparkling water', name(/sparkling.*water/i), ['Sparkling Spring Water']),
  c('vanilla ice cream', name(/vanilla ice cream/i), ['Vanilla Ice Cream']),
  c('stilton', name(/stilton/i), ['Blue Stilton']),
  c('basmati', name(/basmati/i), ['Aged Basmati Rice']),
  c('honey', name(/honey/i), ['English Set Honey']),
  c('jam', name(/jam/i), ['Strawberry Jam']),
  c('prawns', name(/prawn/i), ['Raw King Prawns']),
  c('lemonade', name(/lemonade/i), ['Cloudy Lemonade']),
  c('mince', name(/mince/i), ['Lean Beef Mince']),
  // A quantity says how much, not what.
  c('12 eggs', l2('Eggs'), ['Large Free-range Eggs'], [/Tortelloni|Ice Cream/]),
  c('6 eggs', l2('Eggs'), ['Large Free-range Eggs']),
  c('whole milk 2 pints', name(/whole milk/i), ['Whole Milk']),
  // Two typed words after one left out are still read as one catalogue word.
  c('2 sour dough', name(/sourdough/i), ['Sourdough Loaf']),
  // While typing: the last word is a prefix.
  c('chedd', name(/cheddar/i), ['Mature Cheddar']),
  c('croiss', name(/croissant/i), ['Croissants']),
  c('sourd', name(/sourdough/i), ['Sourdough Loaf']),
  c('smoked had', name(/smoked haddock/i), ['Smoked Haddock Fillets']),
  // A last word of a letter or two starts more catalogue words than are listed for it.
  c('hot c', name(/hot cross buns/i), ['Hot Cross Buns']),
  c('creme f', name(/crème fraîche/i), ['Crème Fraîche']),
  c('ice l', name(/ice lollies/i), ['Orange Ice Lollies']),
  // Two words of which the catalogue has only the second: the products with it, not with the first.
  c('spring onions', name(/onions/i), ['Red Onions', 'Brown Onions']),
  // A word as typed before another with the same stem: salt, not salted.
  c('salt', name(/\bsalt\b/i), ['Sea Salt Flakes'], [/Salted/]),
  // A word written as two catalogue words, found apart on the second try.
  c('sourdoughbread', name(/sourdough/i), ['Sourdough Loaf']),
  // Rolls and buns.
  c('cinnamon rolls', name(/cinnamon bun/i), ['Cinnamon Buns'], [/Kitchen Roll|Sausage Rolls/]),
  c('burger rolls', name(/burger bun/i), ['Brioche Burger Buns']),
  // "free" after a word: without it, side by side.
  c('dairy free', name(/oat drink|sorbet/i), ['Barista Oat Drink'], [/Eggs/]),
  c('sugar free', name(/sugar-free/i), ['Sugar-free Cloudy Lemonade'], [/Buns|Sponge/]),
  // A product saying it is without the word comes after those with it.
  c(
    'sugar',
    (p) => /sugar/i.test(p.productIngredients) && !/sugar-free/i.test(p.productName),
    [],
    [/Sugar-free/],
  ),
  c('dairy', any(l2('Milk & Cream'), l2('Butter & Yoghurt'), l2('Cheese')), [], [/Oat Drink/]),
  // A name of the typed word in the other number is as exact as one of the word itself.
  c('lime', name(/^limes$/i), ['Limes']),
  // Words in the name and the aisle before words in a description.
  c('sponge cake', name(/victoria sponge/i), ['Victoria Sponge', 'Homemade Victoria Sponge']),
  c('wholmeal bread', name(/wholemeal/i), ['Wholemeal Tin Loaf', 'Organic Wholemeal Tin Loaf']),
  c('french fries', name(/oven chips/i), ['Chunky Oven Chips'], [/Baguette/]),
  // UK words, and words for a kind of thing (search-synonyms.ts).
  c('bangers', name(/sausages$/i), ['Cumberland Sausages', 'Lincolnshire Sausages']),
  c('french stick', name(/baguette/i), ['French Baguette']),
  c('dish detergent', name(/washing-up liquid/i), ['Washing-up Liquid']),
  c('desserts', any(l2('Ice Cream'), l2('Cakes')), ['Vanilla Ice Cream']),
  c('salad', name(/lettuce|cucumber|spinach/i), ['Round Lettuce', 'Cucumber']),
  c('citrus fruit', name(/limes|lemons|clementines/i), [
    'Limes',
    'Unwaxed Lemons',
    'Easy Peeler Clementines',
  ]),
  c('tropical fruit', name(/mango|pineapple|coconut|bananas|kiwi/i), ['Alphonso Mangoes', 'Pineapple']),
  c('flatbread', name(/pitta|naan/i), ['Pitta Breads', 'Butter Naan']),
  c('pulses', name(/lentils|chickpeas|beans/i), ['Split Red Lentils']),
  c('preserves', name(/jam|marmalade|curd|chutney/i), ['Strawberry Jam', 'Seville Orange Marmalade']),
  c('greens', name(/spinach|broccoli|kale|cabbage|lettuce/i), ['Broccoli Crown']),
  c('clarified butter', name(/ghee/i), ['Pure Ghee']),
  c('canola oil', name(/rapeseed oil/i), ['Cold-pressed Rapeseed Oil']),
  c('loo paper', name(/toilet tissue/i), ['Toilet Tissue']),
  c('dishwasher pods', name(/dishwasher tablets/i), ['Dishwasher Tablets']),
  c('moules mariniere', name(/mussels/i), ['Shetland Mussels']),
  // "food" says only that it is a grocery: not the fish of the aisle See food and Fish.
  c(
    'italian food',
    name(/ciabatta|tomatoes|risotto|spaghetti|penne|parmigiano|mozzarella/i),
    [],
    [/Fillet|Cod|Haddock|Salmon/],
  ),
  // A typo in a word typed in the other number.
  c('bluberry', name(/blueberries/i), ['Blueberries']),
  c('kettle chips', name(/crisps/i), ['Sea Salt Crisps', 'Salt and Vinegar Crisps'], [/Ice Cream/]),
  c('ready salted', name(/crisps/i), ['Sea Salt Crisps']),
  c('choc bar', name(/chocolate bar/i), ['Milk Chocolate Bar']),
  c('cherry bakewell', name(/bakewell/i), ['Bakewell Tart']),
  c('single creme', name(/single cream/i), ['Single Cream']),
  c('rice cakes', name(/rice crackers/i), ['Rice Crackers']),
  c('italian cheese', name(/parmigiano|mozzarella/i), ['Parmigiano Reggiano', 'Buffalo Mozzarella']),
  c('christmas cake', name(/rich fruit cake/i), ['Rich Fruit Cake']),
  // Words found together only in a description: the products named for the last word come first.
  c('red apples', name(/apples/i), ['Braeburn Apples', 'Gala Apples'], [/Coffee/]),
  c('ripe bananas', name(/bananas/i), ['Fairtrade Bananas']),
  c('white rice', name(/rice$/i), ['Long Grain Rice', 'Aged Basmati Rice'], [/Quinoa/]),
  c('mixed nuts', name(/cashews|peanuts/i), ['Roasted Cashews', 'Salted Peanuts']),
  // A unit after a number says how much, as the number does.
  c('semi skimmed milk 2 pints', name(/semi-skimmed milk/i), ['Semi-skimmed Milk']),
  c('2 tins chopped tomatoes', name(/chopped tomatoes/i), ['Chopped Tomatoes']),
  // Free range is not without range, whatever the order of the words.
  c('eggs free range', name(/free-range eggs/i), ['Large Free-range Eggs']),
  c('range free eggs', name(/free-range eggs/i), ['Large Free-range Eggs']),
  // A misspelling whose stem is another word's ("juicie" stems as "juicy" does) is read as its typos.
  c('juicie', name(/juice/i), ['Cloudy Apple Juice', 'Freshly Squeezed Orange Juice'], [/Apples|Thighs/]),
  c('highs', name(/thighs/i), ['Chicken Thighs']),
  // A misspelt word before "free".
  c('sugr free', name(/sugar-free/i), ['Sugar-free Cloudy Lemonade']),
  // One slip of the fingers at a short word's start.
  c('nilk', name(/\bmilk$/i), ['Whole Milk', 'Semi-skimmed Milk']),
  c('ioja', name(/rioja/i), ['Rioja Crianza']),
  c('cie cream', name(/ice cream/i), ['Vanilla Ice Cream']),
  // Words for a kind, and the kinds by name.
  c('prosecco', name(/sparkling wine/i), ['English Sparkling Wine']),
  c('bubbly', name(/sparkling wine/i), ['English Sparkling Wine']),
  c('spuds', name(/potatoes/i), ['King Edward Potatoes', 'Maris Piper Potatoes']),
  // Tortilla wraps and their kin first, then the aisle Paper & Wraps.
  c('wraps', any(name(/pitta|naan/i), l2('Paper & Wraps')), ['Pitta Breads', 'Butter Naan']),
  c('chocolate biscuits', name(/chocolate digestives/i), ['Chocolate Digestives']),
  c('margarine', name(/spreadable butter/i), ['Spreadable Butter']),
  c('cappuccino', name(/coffee/i), ['Colombian Ground Coffee']),
  // A misspelt synonym keeps the typed word's start, as other typos do: "tap" is not a bap.
  c('tap water', name(/water/i), ['Still Spring Water'], [/Cob|Tin/]),
  // Two typos from 7 letters keep the first letter, not the first two: a slip at the second is common.
  c('sossages', name(/sausages$/i), ['Cumberland Sausages', 'Lincolnshire Sausages']),
  // A word with synonyms of its own is no misspelling: "coke" is cola, not cake.
  c('diet coke', name(/\bcola\b/i), ['Classic Cola'], [/Cake/]),
  // "non" before a word says what the product is without, as "free" after it does.
  c('non dairy milk', name(/oat drink/i), ['Barista Oat Drink'], [/Whole Milk|Semi-skimmed/]),
  c('red meat', name(/beef|lamb|pork|steak|gammon/i), ['Lamb Leg Steaks'], [/Red Velvet|Lentils|Leicester/]),
  c('ground meat', name(/beef mince/i), ['Lean Beef Mince']),
  // An irregular plural finds its singular, which English stemming keeps apart ("leav", "leaf").
  c('tea leaves', name(/loose leaf tea/i), ['Earl Grey Loose Leaf Tea', 'Assam Loose Leaf Tea']),
  // A misspelling is read as its closest words: one typo from chocolate, not two from Pain au Chocolat.
  c('chocalate', name(/chocolate/i), ['Milk Chocolate Bar'], [/Pain au Chocolat/]),
  // Banana Bread is a cake: a word before "bread", or "bread" misspelt, lists the loaves before it.
  c('crusty bread', any(l2('Bread'), name(/\bbread\b/i)), ['Seeded Rye Bread'], [/Banana/]),
  c('sliced bread', any(l2('Bread'), name(/\bbread\b/i)), ['Seeded Rye Bread'], [/Banana/]),
  c('breaad', any(l2('Bread'), name(/\bbread\b/i)), ['Seeded Rye Bread'], [/Banana/]),
  // No product holds every word: those whose names hold more of them as typed come first.
  c('pork chops', name(/pork|chops/i), ['Pork Shoulder Joint', 'Pork Belly Slices', 'Welsh Lamb Chops']),
  c('stewing beef', name(/braising steak/i), ['Diced Braising Steak']),
  c('frozen fruit', name(/frozen summer berries|sorbet/i), ['Frozen Summer Berries'], [/Kiwi|Fruit Cake/]),
  // A possessive's 's is no word, a shopkeeper names the shop, a brand the thing.
  c("butcher's", shop('Hadley & Sons Family Butchers'), [], [/Potatoes|Eggs|Butter/]),
  c("baker's", shop('Northolt Village Bakery'), ['Victoria Sponge'], [/Freshly Baked/]),
  c('coca cola', name(/\bcola\b/i), ['Classic Cola']),
  c('weetabix', name(/wheat biscuits/i), ['Wholegrain Wheat Biscuits']),
  // A list of things, which no product is named for: each thing takes its turn in the first five.
  c(
    'bread and butter',
    any(l2('Bread'), name(/butter$/i)),
    ['Irish Soda Bread', 'Unsalted Butter'],
    [/Naan/],
  ),
  c('milk and bread', any(l2('Bread'), name(/\bmilk$/i)), ['Whole Milk', 'Irish Soda Bread']),
  c('strawberries and cream', name(/strawberries|cream$/i), ['British Strawberries', 'Double Cream']),
  c('lemons and limes', name(/lemons|limes/i), ['Limes', 'Unwaxed Lemons'], [/Ginger Beer|Pressé/]),
  c('chicken and rice', name(/chicken|rice$/i), ['Whole Chicken', 'Long Grain Rice']),
  c('tea and biscuits', any(name(/\btea\b/i), name(/biscuits|digestives/i)), [
    'Earl Grey Loose Leaf Tea',
    'Digestive Biscuits',
  ]),
  c('salt & pepper', name(/salt|pepper/i), ['Black Peppercorns', 'Sea Salt Flakes'], [/Sausages/]),
  // …unless a product is named for them all.
  c('salt and vinegar', name(/salt and vinegar/i), ['Salt and Vinegar Crisps']),
  // Everyday words for groceries.
  c('tatties', name(/potatoes/i), ['King Edward Potatoes', 'Maris Piper Potatoes']),
  c('cuppa', name(/\btea\b/i), ['English Breakfast Tea Bags']),
  c('scrumpy', name(/cider/i), ['Herefordshire Dry Cider'], [/Balsamic/]),
  c('casserole', name(/braising steak/i), ['Diced Braising Steak']),
  // A meal finds what goes into it, its parts taking turns.
  c(
    'roast dinner',
    name(/whole chicken|joint|potatoes|carrots/i),
    ['Whole Chicken', 'Pork Shoulder Joint', 'King Edward Potatoes', 'Chantenay Carrots'],
    [/Candles|Cashews/],
  ),
  c('full english', name(/bacon|sausages|eggs|baked beans|mushrooms/i), [
    'Dry-cured Back Bacon',
    'Cumberland Sausages',
    'Baked Beans',
  ]),
  c('cream tea', name(/scones|clotted cream|strawberry jam/i), ['Fruit Scones', 'Cornish Clotted Cream']),
  c("ploughman's lunch", name(/cheddar|pickle|pork pie|piccalilli/i), ['Melton Mowbray Pork Pie']),
  c('spag bol', name(/spaghetti|mince|chopped tomatoes|onions|garlic/i), [
    'Spaghetti',
    'Lean Beef Mince',
    'Chopped Tomatoes',
  ]),
  c('lasagne', name(/lasagne|mince|chopped tomatoes|mozzarella|parmigiano/i), [
    'Lasagne Sheets',
    'Lean Beef Mince',
  ]),
  c('bbq', name(/sausages|burger|drumsticks|sweetcorn/i), ['Chicken Drumsticks', 'Cumberland Sausages']),
  c('biryani', name(/basmati|chicken thighs|garam masala|onions|natural/i), [
    'Aged Basmati Rice',
    'Chicken Thighs',
    'Garam Masala',
  ]),
  c('mac and cheese', name(/penne|cheddar|whole milk|butter$/i), [
    'Penne Rigate',
    'Farmhouse Mature Cheddar',
  ]),
  c('nibbles', name(/crisps|peanuts|cashews|popcorn|pretzels|bombay/i), ['Bombay Mix', 'Salted Peanuts']),
  c('seafood platter', l2('See food and Fish'), ['Whole Sea Bass'], [/Sea Salt/]),
  c('easy spag bol', name(/spaghetti|mince|chopped tomatoes|onions|garlic/i), ['Spaghetti'], [/Easy Peeler/]),
  c('chicken lasagne', name(/lasagne|chicken/i), ['Lasagne Sheets', 'Chicken Breast Fillets']),
  c('paella', name(/prawns|mussels|paprika/i), ['Raw King Prawns', 'Shetland Mussels']),
  c(
    'fruit salad',
    name(/strawberries|melon|grapes|kiwi|pineapple|mango/i),
    ['Kiwi Fruit', 'Pineapple'],
    [/Lettuce|Cucumber/],
  ),
  c(
    'party food',
    name(/crisps|peanuts|cashews|popcorn|pretzels|bombay|sausage rolls/i),
    ['Bombay Mix'],
    [/Cod Loins/],
  ),
  c('large free rang eggs', name(/large free-range eggs/i), ['Large Free-range Eggs']),
  // Words of the street and the kitchen table.
  c('acv', name(/apple cider vinegar/i), ['Apple Cider Vinegar'], [/Ale|Bitter|Stout/]),
  c('taters', name(/potato/i), ['King Edward Potatoes'], [/Water/]),
  c('toms', name(/tomato/i), ['Vine Tomatoes', 'Cherry Tomatoes']),
  c(
    'a brew and a biscuit',
    any(name(/\btea\b/i), name(/biscuits|digestives/i)),
    ['Digestive Biscuits'],
    [/Outdoor-bred/],
  ),
  c('hotchoc', name(/hot chocolate/i), ['Hot Chocolate Flakes']),
  c('freezer', l1('Frozen'), ['Frozen Garden Peas']),
  // What a thing is for, after "for" or as an occasion, says nothing of what it is.
  c('steak night', name(/steak/i), ['Aberdeen Angus Sirloin Steak', 'Diced Braising Steak']),
  c('rice for curry', name(/rice$/i), ['Long Grain Rice', 'Aged Basmati Rice'], [/Bombay/]),
  c('looking for smoked haddock', name(/smoked haddock/i), ['Smoked Haddock Fillets'], [/Lobster/]),
  c('rice for risotto', name(/rice$/i), ['Arborio Risotto Rice']),
  c('cheese for grilling', l2('Cheese'), ['Halloumi']),
  c('cake for a party', name(/cake/i), ['Lemon Drizzle Cake', 'Carrot Cake'], [/Pasties/]),
  // A shop's name finds its products.
  c('broadway fishmongers', shop('Broadway Fishmongers'), []),
  c('pinner cheese room', shop('The Pinner Cheese Room'), []),
]
