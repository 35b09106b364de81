/**
 * Words UK and US shoppers use for the same groceries. Each line is a group of equals: a shopper typing any
 * of them also finds products named with the others. Entries are free text (search-text.ts reads them, so
 * "Ground beef" and "ground-beef" are the same); two-word entries match two typed words side by side.
 * Data, not code: add a line to teach the search a word.
 */
export const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ['aubergine', 'eggplant'],
  ['courgette', 'zucchini'],
  ['coriander', 'cilantro'],
  ['mince', 'ground beef', 'minced beef', 'ground meat', 'minced meat'],
  ['crisps', 'chips'],
  ['rocket', 'arugula'],
  ['parmesan', 'parmigiano'],
  ['spring onion', 'scallion', 'green onion'],
  ['biscuit', 'cookie', 'biccy', 'bikkie'],
  ['sweets', 'candy', 'confectionery'],
  ['jam', 'jelly'],
  ['prawn', 'shrimp'],
  ['beetroot', 'beet'],
  ['swede', 'rutabaga'],
  ['mangetout', 'snow pea'],
  ['double cream', 'heavy cream'],
  ['single cream', 'light cream'],
  ['plain flour', 'all purpose flour'],
  ['icing sugar', 'powdered sugar', 'confectioners sugar'],
  ['caster sugar', 'superfine sugar'],
  ['bicarbonate of soda', 'baking soda', 'bicarb'],
  ['gammon', 'ham'],
  ['yoghurt', 'yogurt'],
  ['chilli', 'chili'],
  ['pepper', 'capsicum', 'bell pepper'],
  ['takeaway', 'takeout'],
  ['squash', 'cordial'],
  ['fries', 'french fries', 'chips'],
  ['loaf', 'bread'],
  ['tinned', 'canned'],
  ['bap', 'bread roll', 'cob'],
  ['cinnamon roll', 'cinnamon bun'],
  ['burger bun', 'burger roll'],
  ['wholemeal', 'whole wheat', 'wholewheat'],
  ['doughnut', 'donut'],
  ['ice lolly', 'lolly', 'popsicle'],
  ['toilet roll', 'toilet tissue', 'toilet paper', 'loo roll', 'loo paper', 'bog roll'],
  ['washing up liquid', 'dish soap', 'dishwashing liquid', 'dish detergent', 'fairy liquid'],
  ['chickpea', 'garbanzo', 'garbanzo bean'],
  ['cumin', 'jeera'],
  ['turmeric', 'haldi'],
  ['seafood', 'fish'],
  ['squid', 'calamari'],
  ['cola', 'coke', 'coca cola'],
  // The shop for the shopkeeper: "baker's" is the bakery.
  ['bakery', 'baker'],
  ['clementine', 'satsuma', 'mandarin', 'tangerine', 'easy peeler'],
  ['laundry liquid', 'washing liquid', 'washing powder', 'detergent', 'laundry detergent'],
  ['bin bag', 'bin liner', 'trash bag', 'garbage bag', 'rubbish bag'],
  ['cling film', 'plastic wrap', 'cling wrap', 'saran wrap'],
  ['kitchen roll', 'paper towel', 'kitchen paper'],
  ['sparkling water', 'fizzy water', 'carbonated water', 'soda water', 'club soda'],
  ['vegetable', 'veggie'],
  ['decaf', 'decaffeinated', 'caffeine free'],
  ['oat milk', 'oat drink'],
  ['dairy free', 'non dairy'],
  ['sausage', 'banger'],
  ['braising steak', 'stewing steak', 'stewing beef', 'casserole steak', 'braising beef'],
  ['baguette', 'french stick'],
  ['pale ale', 'ipa', 'india pale ale'],
  ['chocolate', 'choc', 'choccy'],
  ['cream', 'creme'],
  ['rice cake', 'rice cracker'],
  ['rapeseed', 'canola'],
  ['ghee', 'clarified butter'],
  ['natural yoghurt', 'plain yoghurt'],
  ['dishwasher tablet', 'dishwasher pod', 'dishwasher tab'],
  ['mussel', 'moules'],
  ['potato', 'spud', 'tattie', 'tater'],
  ['tomato', 'tom'],
  ['sandwich', 'sarnie', 'butty'],
  ['cider', 'scrumpy'],
  ['barbecue', 'bbq'],
]

/**
 * Words that stand for a set of others, one way only: a shopper typing "alcohol" wants the beers, wines
 * and ciders, while one typing "cider" does not want every product whose description mentions alcohol.
 * Each key finds its own matches and those of the words it stands for, and so do its equals in a group
 * ("cookie" for "biscuit"). Data, as above.
 */
export const SYNONYM_EXPANSIONS: Readonly<Record<string, readonly string[]>> = {
  alcohol: ['beer', 'wine', 'cider', 'ale', 'stout', 'lager'],
  booze: ['beer', 'wine', 'cider', 'ale', 'stout', 'lager'],
  lager: ['pale ale', 'bitter', 'stout', 'pilsner'],
  beer: ['ale', 'bitter', 'stout', 'lager', 'pilsner', 'porter'],
  wine: [
    'rioja',
    'merlot',
    'malbec',
    'shiraz',
    'cabernet',
    'sauvignon blanc',
    'chardonnay',
    'pinot',
    'prosecco',
    'champagne',
    'cava',
  ],
  poultry: ['chicken', 'turkey'],
  'red meat': ['beef', 'lamb', 'pork', 'steak', 'venison', 'mutton'],
  'white meat': ['chicken', 'turkey'],
  // Everyday words for a kind of grocery.
  cuppa: ['tea'],
  brew: ['tea'],
  brekkie: ['breakfast'],
  brekky: ['breakfast'],
  freezer: ['frozen'],
  probiotic: ['kefir', 'live yoghurt'],
  hotchoc: ['hot chocolate'],
  evoo: ['extra virgin olive oil'],
  acv: ['apple cider vinegar'],
  'kosher salt': ['sea salt flakes'],
  nibbles: ['crisps', 'peanut', 'cashew', 'popcorn', 'pretzel', 'bombay mix'],
  casserole: ['braising steak'],
  // A brand a shopper names for the thing.
  weetabix: ['wheat biscuit'],
  'frozen fruit': ['summer berries', 'frozen berries', 'sorbet'],
  'bread roll': ['burger bun', 'brioche bun'],
  // An American's oatmeal is porridge; a British shopper's porridge is not Oatmeal Stout.
  oatmeal: ['porridge'],
  'plant milk': [
    'oat drink',
    'oat milk',
    'almond milk',
    'soya milk',
    'soy milk',
    'rice milk',
    'coconut milk',
  ],
  // A soda or pop is a soft drink; "fizzy drinks" are not Irish Soda Bread.
  'fizzy drink': ['cola', 'lemonade', 'cream soda', 'ginger beer'],
  soda: ['cola', 'lemonade'],
  pop: ['cola', 'lemonade'],
  nut: ['peanut', 'cashew', 'almond', 'walnut', 'hazelnut', 'pistachio', 'pecan', 'macadamia'],
  // Words a catalogue word ends in: the vocabulary matches whole words.
  corn: ['sweetcorn'],
  melon: ['watermelon'],
  shellfish: ['prawn', 'crab', 'lobster', 'mussel', 'oyster', 'shrimp', 'scallop', 'clam', 'langoustine'],
  condiment: ['mustard', 'ketchup', 'mayonnaise', 'pickle', 'chutney', 'relish', 'piccalilli', 'brown sauce'],
  'hot drink': ['tea', 'coffee', 'hot chocolate'],
  oj: ['orange juice'],
  fizzy: ['sparkling'],
  diet: ['sugar free'],
  'brown bread': ['wholemeal', 'granary'],
  'full fat': ['whole'],
  'vegetable oil': ['sunflower oil', 'rapeseed oil'],
  'cooking oil': ['sunflower oil', 'rapeseed oil', 'olive oil'],
  'chicken leg': ['chicken drumstick', 'chicken thigh'],
  'herbal tea': ['peppermint tea', 'camomile', 'chamomile', 'rooibos', 'fruit tea'],
  'white wine': ['sauvignon blanc', 'chardonnay', 'pinot grigio'],
  'red wine': ['rioja', 'merlot', 'malbec', 'shiraz', 'cabernet'],
  'soft drink': ['cola', 'lemonade', 'squash', 'cordial'],
  // Kinds of fruit by where they grow or when, and other words for a course or a dish.
  citrus: ['lemon', 'lime', 'orange', 'clementine', 'satsuma', 'mandarin', 'grapefruit'],
  'stone fruit': ['peach', 'nectarine', 'plum', 'apricot', 'cherry'],
  'summer fruit': ['strawberry', 'raspberry', 'blueberry', 'blackberry', 'summer berries', 'cherry'],
  'tropical fruit': ['mango', 'pineapple', 'papaya', 'passion fruit', 'kiwi', 'banana', 'coconut'],
  'exotic fruit': ['mango', 'pineapple', 'papaya', 'passion fruit', 'kiwi', 'lychee'],
  dessert: ['ice cream', 'sorbet', 'cheesecake', 'trifle', 'tart', 'pudding', 'cake'],
  salad: ['lettuce', 'rocket', 'salad leaves', 'watercress', 'cucumber'],
  flatbread: ['pitta', 'naan', 'chapati', 'tortilla wrap'],
  wrap: ['tortilla wrap', 'pitta', 'naan', 'chapati'],
  tortilla: ['tortilla wrap', 'pitta', 'naan', 'chapati'],
  // Biscuits by name, and what stands in for butter or names a coffee.
  biscuit: ['digestive', 'shortbread', 'oatcake'],
  margarine: ['spreadable butter'],
  cappuccino: ['coffee'],
  latte: ['coffee'],
  espresso: ['coffee'],
  nachos: ['crisps'],
  // Sparkling wines by name, and a word for all of them.
  prosecco: ['sparkling wine'],
  champagne: ['sparkling wine'],
  cava: ['sparkling wine'],
  bubbly: ['sparkling wine', 'prosecco', 'champagne', 'cava'],
  bubbles: ['sparkling wine', 'prosecco', 'champagne', 'cava'],
  'italian cheese': [
    'parmigiano',
    'parmesan',
    'mozzarella',
    'ricotta',
    'gorgonzola',
    'pecorino',
    'mascarpone',
  ],
  'christmas cake': ['fruit cake'],
  // Crisps by their kind or flavour, not chips of any sort.
  'kettle chips': ['crisps'],
  'tortilla chips': ['crisps'],
  'ready salted': ['crisps'],
  // Words for a group of groceries.
  greens: ['spinach', 'kale', 'cabbage', 'broccoli', 'spring greens', 'lettuce', 'chard'],
  produce: ['vegetable', 'fruit'],
  pulse: ['lentil', 'chickpea', 'bean', 'split pea'],
  legume: ['lentil', 'chickpea', 'bean', 'split pea'],
  seasoning: ['salt', 'pepper', 'peppercorn', 'herb', 'spice'],
  preserve: ['jam', 'marmalade', 'curd', 'chutney'],
  sweets: [
    'chocolate bar',
    'milk chocolate',
    'dark chocolate',
    'white chocolate',
    'fudge',
    'toffee',
    'liquorice',
    'marshmallow',
    'jelly baby',
    'wine gum',
    'boiled sweet',
    'lollipop',
  ],
}

/**
 * Meals and what goes into them: a shopper typing "roast dinner" wants the chicken or joint, the potatoes,
 * the carrots, not Dinner Candles. Each meal finds what its own words find and the products of its parts,
 * which take turns in the order (one of each part, then the next of each), as a list's things do, after
 * those named for the meal (Lasagne Sheets for "lasagne"). A meal's equals in a group are the meal too
 * ("bbq"). Data, as above.
 */
export const MEALS: Readonly<Record<string, readonly string[]>> = {
  'roast dinner': ['whole chicken', 'joint', 'potato', 'carrot', 'parsnip', 'yorkshire pudding', 'gravy'],
  'sunday roast': ['whole chicken', 'joint', 'potato', 'carrot', 'parsnip', 'yorkshire pudding', 'gravy'],
  'full english': ['bacon', 'sausage', 'egg', 'baked beans', 'black pudding', 'mushroom', 'hash brown'],
  'cream tea': ['scone', 'clotted cream', 'strawberry jam'],
  ploughman: ['cheddar', 'pickle', 'pork pie', 'piccalilli', 'crusty bread'],
  'pancake mix': ['plain flour', 'self raising flour', 'buttermilk', 'egg'],
  'pancake day': ['plain flour', 'self raising flour', 'egg', 'whole milk', 'unwaxed lemon'],
  'spag bol': ['spaghetti', 'beef mince', 'chopped tomatoes', 'onion', 'garlic'],
  bolognese: ['spaghetti', 'beef mince', 'chopped tomatoes', 'onion', 'garlic'],
  carbonara: ['spaghetti', 'bacon', 'egg', 'parmigiano'],
  lasagne: ['lasagne sheets', 'beef mince', 'chopped tomatoes', 'mozzarella', 'parmigiano'],
  'stir fry': ['noodle', 'pepper', 'beansprout', 'soy sauce', 'root ginger', 'prawn', 'sesame oil'],
  barbecue: ['sausage', 'burger', 'chicken drumstick', 'sweetcorn', 'burger bun', 'ketchup'],
  picnic: ['sausage roll', 'pork pie', 'scotch egg', 'crisps', 'strawberry', 'lemonade'],
  caprese: ['buffalo mozzarella', 'tomato', 'basil'],
  'caprese salad': ['buffalo mozzarella', 'tomato', 'basil'],
  'eton mess': ['strawberry', 'double cream', 'meringue'],
  blt: ['bacon', 'lettuce', 'tomato'],
  pbj: ['peanut butter', 'jam'],
  brunch: ['egg', 'bacon', 'croissant', 'orange juice', 'avocado'],
  toastie: ['cheddar', 'bread', 'ham'],
  'cheese toastie': ['cheddar', 'bread', 'ham'],
  'sandwich filling': ['ham', 'cheddar', 'tuna', 'egg', 'cucumber'],
  'macaroni cheese': ['macaroni', 'penne', 'cheddar', 'whole milk', 'butter'],
  // "mac and cheese": "and", a stop word, leaves the two words side by side.
  'mac cheese': ['macaroni', 'penne', 'cheddar', 'whole milk', 'butter'],
  'pot roast': ['braising steak', 'joint', 'carrot', 'potato', 'onion'],
  'yorkshire pudding': ['plain flour', 'egg', 'whole milk'],
  biryani: ['basmati rice', 'chicken thigh', 'garam masala', 'onion', 'natural yoghurt'],
}

/**
 * Two words that name another thing than their last word alone: a shopper typing "cream" wants Double
 * Cream before Vanilla Ice Cream, one typing "milk" wants milk before Coconut Milk. A name ending in one of
 * these does not end in the typed word for the ranking (search-compiler.ts rankOrder), unless the first
 * word was typed too. Data, as above.
 */
export const COMPOUND_NAMES: readonly string[] = [
  'ice cream',
  'sour cream',
  'kitchen roll',
  'toilet roll',
  'sausage roll',
  'swiss roll',
  'spring onion',
  'peanut butter',
  'coconut milk',
  'oat milk',
  'ginger beer',
  'root beer',
  'ice lolly',
  'sweetcorn cob',
  // A loaf baked in a tin.
  'split tin',
  // A cake baked in a loaf tin.
  'banana bread',
  // Chips in ice cream and cookies, not the fried potatoes of "chips" or "fries".
  'choc chip',
  'chocolate chip',
]

/**
 * Plurals that name another thing than their singular: "sweets" are confectionery, where Sweet Potatoes
 * are only sweet; "tins" are tinned food, where a Tin Loaf was baked in one. A name holding the singular
 * alone does not hold the typed word whole for the ranking, as with COMPOUND_NAMES. Data, as above.
 */
export const PLURALS_OF_THEIR_OWN: readonly string[] = ['sweets', 'tins', 'greens']
