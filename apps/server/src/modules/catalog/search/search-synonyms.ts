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
  ['mince', 'ground beef', 'minced beef'],
  ['crisps', 'chips'],
  ['rocket', 'arugula'],
  ['parmesan', 'parmigiano'],
  ['spring onion', 'scallion', 'green onion'],
  ['biscuit', 'cookie'],
  ['sweets', 'candy'],
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
  ['porridge', 'oatmeal'],
  ['gammon', 'ham'],
  ['yoghurt', 'yogurt'],
  ['chilli', 'chili'],
  ['pepper', 'capsicum', 'bell pepper'],
  ['takeaway', 'takeout'],
  ['fizzy drink', 'soda', 'pop'],
  ['squash', 'cordial'],
  ['fries', 'chips'],
  ['loaf', 'bread'],
  ['tinned', 'canned'],
  ['bap', 'bread roll', 'cob'],
  ['wholemeal', 'whole wheat', 'wholewheat'],
]
