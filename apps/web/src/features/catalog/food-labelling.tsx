import {
  foodFormOf,
  type AllergenName,
  type FoodLabelling,
  type Nutrition,
  type Product,
  type RedWarning,
} from '@tavlin/contracts'
import { useTranslation } from '../../lib/i18n'

const NUTRIENTS: ReadonlyArray<keyof Nutrition> = [
  'energyKcal',
  'proteinGrams',
  'carbohydrateGrams',
  'sugarGrams',
  'fatGrams',
  'saturatedFatGrams',
  'sodiumMilligrams',
  'fibreGrams',
]
const SUB_NUTRIENTS = new Set<keyof Nutrition>(['sugarGrams', 'saturatedFatGrams'])

/**
 * The product's food labelling (issue 18, israel-law.md §8): red symbols, the nutrition
 * table per 100 g (100 ml for a drink), ingredients, allergens, origin and storage.
 * Shows only what the owner has entered; nothing at all for an unlabelled product.
 */
export function ProductLabelling({ product }: { product: Product }) {
  const { t } = useTranslation()
  const { labelling, redWarnings } = product
  const isLiquid = foodFormOf(product.categories.map((c) => c.nameInEnglish)) === 'liquid'
  if (!hasAnything(labelling)) return null
  return (
    <section className="mt-12" aria-labelledby="product-labelling">
      <h2 id="product-labelling" className="mb-4 text-2xl font-bold">
        {t('foodLabelling.heading')}
      </h2>
      <RedSymbols warnings={redWarnings} />
      <div className="grid gap-6 md:grid-cols-2">
        {labelling.nutrition && <NutritionTable nutrition={labelling.nutrition} isLiquid={isLiquid} />}
        <LabellingFacts labelling={labelling} />
      </div>
    </section>
  )
}

function hasAnything(labelling: FoodLabelling): boolean {
  return (
    labelling.nutrition !== null ||
    labelling.ingredients !== '' ||
    labelling.allergens.length > 0 ||
    labelling.mayContain.length > 0 ||
    labelling.countryOfOrigin !== '' ||
    labelling.storage !== ''
  )
}

/** The red "high in …" symbols: the words in white on red, so colour is never the only cue. */
function RedSymbols({ warnings }: { warnings: readonly RedWarning[] }) {
  const { t } = useTranslation()
  if (warnings.length === 0) return null
  return (
    <ul aria-label={t('foodLabelling.redWarnings')} className="mb-6 flex flex-wrap gap-3">
      {warnings.map((warning) => (
        <li
          key={warning}
          className="rounded-lg border-2 border-red-900 bg-red-700 px-3 py-2 font-bold text-white"
        >
          {t(`foodLabelling.warning.${warning}`)}
        </li>
      ))}
    </ul>
  )
}

function NutritionTable({ nutrition, isLiquid }: { nutrition: Nutrition; isLiquid: boolean }) {
  const { t } = useTranslation()
  const number = new Intl.NumberFormat('he-IL', { maximumFractionDigits: 1 })
  return (
    <table className="w-full border-collapse rounded-2xl bg-surface text-start shadow-sm">
      <caption className="mb-2 text-start text-lg font-bold">
        {t(isLiquid ? 'foodLabelling.tableCaptionLiquid' : 'foodLabelling.tableCaption')}
      </caption>
      <thead>
        <tr className="border-b border-line">
          <th scope="col" className="p-3 text-start">
            {t('foodLabelling.nutrient')}
          </th>
          <th scope="col" className="p-3 text-start">
            {t(isLiquid ? 'foodLabelling.per100Liquid' : 'foodLabelling.per100')}
          </th>
        </tr>
      </thead>
      <tbody>
        {NUTRIENTS.map((key) => (
          <tr key={key} className="border-b border-line last:border-0">
            <th scope="row" className={`p-3 text-start font-medium ${SUB_NUTRIENTS.has(key) ? 'ps-8' : ''}`}>
              {t(`foodLabelling.nutrients.${key}`)}
            </th>
            <td className="p-3" dir="ltr">
              {number.format(nutrition[key])}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** Ingredients, allergens, may contain, origin and storage, each only when entered. */
function LabellingFacts({ labelling }: { labelling: FoodLabelling }) {
  const { t } = useTranslation()
  const names = (list: readonly AllergenName[]) =>
    list.map((name) => t(`foodLabelling.allergenNames.${name}`)).join(', ')
  const facts: Array<[string, string]> = [
    [t('foodLabelling.ingredients'), labelling.ingredients],
    [t('foodLabelling.allergens'), names(labelling.allergens)],
    [t('foodLabelling.mayContain'), names(labelling.mayContain)],
    [t('foodLabelling.countryOfOrigin'), labelling.countryOfOrigin],
    [t('foodLabelling.storage'), labelling.storage],
  ]
  return (
    <dl className="flex flex-col gap-3">
      {facts
        .filter(([, value]) => value !== '')
        .map(([term, value]) => (
          <div key={term} className="rounded-2xl bg-surface p-4 shadow-sm">
            <dt className="font-bold">{term}</dt>
            <dd className="text-muted">{value}</dd>
          </div>
        ))}
    </dl>
  )
}
