import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { useTranslation } from '../../lib/i18n'
import { toast } from '../../lib/notify'
import { RECIPE_CATEGORIES, recipePageHead, type Product, type Recipe } from '@tavlin/contracts'
import { productQueries } from '../../api/products'
import { recipeQueries } from '../../api/recipes'
import {
  DetailHeading,
  DetailPage,
  DetailUnavailable,
  RelatedSection,
  ServerHtml,
} from '../../components/commerce/detail-page'
import { Price } from '../../components/commerce/price'
import { PageSpinner } from '../../components/ui/spinner'
import { paths } from '../../config/paths'
import { usePageMeta } from '../../hooks/use-page-meta'
import { useCartStore } from '../../stores/cart-store'

/** `/recipes/{id}` or `/recipes/{name}` (the package page links by name). */
export function RecipeDetails({ recipeIdOrName }: { recipeIdOrName: string }) {
  const { t } = useTranslation()
  const { data: recipe, error, isPending } = useQuery(recipeQueries.detail(recipeIdOrName))
  usePageMeta(
    recipe
      ? (site) => recipePageHead(site, recipe)
      : isPending
        ? null
        : { title: t('pages.recipe.title'), description: t('errors.recipeNotAvailable'), isIndexable: false },
  )

  if (isPending) return <PageSpinner />
  if (error || !recipe) {
    return (
      <DetailUnavailable
        error={error}
        title={t('pages.recipe.title')}
        notAvailable={t('errors.recipeNotAvailable')}
        back={{ to: paths.recipes, label: t('recipesPage.backToRecipes') }}
      />
    )
  }
  return (
    <DetailPage image={recipe.image} name={recipe.name} aside={<RecipeAside recipe={recipe} />}>
      <div className="mt-12 grid gap-10 lg:grid-cols-[1fr_1.4fr]">
        <RecipeIngredients recipe={recipe} />
        {/* The steps are text only: they stay the server's HTML and never hydrate (decision 289). */}
        <ServerHtml id={`recipe-steps-${recipe._id}`}>
          <RecipeInstructions recipe={recipe} />
        </ServerHtml>
      </div>
      <RelatedRecipes recipe={recipe} />
    </DetailPage>
  )
}

/** Beside the image: categories, name, description and the three facts. */
function RecipeAside({ recipe }: { recipe: Recipe }) {
  const { t } = useTranslation()
  return (
    <>
      <DetailHeading name={recipe.name} categories={recipe.categories} />
      <p className="text-lg text-muted">{recipe.description}</p>
      <dl className="grid grid-cols-3 gap-3 text-center">
        <div className="rounded-2xl bg-surface p-3 shadow-sm">
          <dt className="text-sm text-muted">{t('recipesPage.prepTime')}</dt>
          <dd className="font-bold">{recipe.prepTime}</dd>
        </div>
        <div className="rounded-2xl bg-surface p-3 shadow-sm">
          <dt className="text-sm text-muted">{t('recipesPage.difficulty')}</dt>
          <dd className="font-bold">{t(`recipesPage.difficulties.${recipe.difficulty}`)}</dd>
        </div>
        <div className="rounded-2xl bg-surface p-3 shadow-sm">
          <dt className="text-sm text-muted">{t('recipesPage.servings')}</dt>
          <dd className="font-bold">{t('recipesPage.servingsCount', { count: recipe.servings })}</dd>
        </div>
      </dl>
    </>
  )
}

/** The ingredients as a checklist the cook ticks off, then the shop's matching products. */
function RecipeIngredients({ recipe }: { recipe: Recipe }) {
  const { t } = useTranslation()
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set())
  const toggle = (id: string) =>
    setChecked((current) => {
      const next = new Set(current)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })
  return (
    <section aria-labelledby="recipe-ingredients">
      <h2 id="recipe-ingredients" className="mb-4 text-2xl font-bold">
        {t('recipesPage.ingredients')}
      </h2>
      <ul className="flex flex-col gap-2">
        {recipe.ingredients.map((ingredient) => (
          <li key={ingredient._id}>
            <label className="flex cursor-pointer items-start gap-3 rounded-xl p-2 hover:bg-surface-2">
              <input
                type="checkbox"
                checked={checked.has(ingredient._id)}
                onChange={() => toggle(ingredient._id)}
                className="mt-1.5 size-4 accent-primary"
              />
              <span className={checked.has(ingredient._id) ? 'text-muted line-through' : ''}>
                <span className="font-semibold">{ingredient.name}</span> — {ingredient.quantity}
                {ingredient.existsInProducts && (
                  <span className="ms-2 rounded-full bg-surface-2 px-2 py-0.5 text-xs text-olive">
                    {t('recipesPage.inShop')}
                  </span>
                )}
              </span>
            </label>
          </li>
        ))}
      </ul>
      <RecipeProducts recipe={recipe} />
    </section>
  )
}

function RecipeInstructions({ recipe }: { recipe: Recipe }) {
  const { t } = useTranslation()
  const steps = [...recipe.instructions].sort((a, b) => a.step - b.step)
  return (
    <section aria-labelledby="recipe-instructions">
      <h2 id="recipe-instructions" className="mb-4 text-2xl font-bold">
        {t('recipesPage.instructions')}
      </h2>
      <ol className="flex flex-col gap-4">
        {steps.map((step, index) => (
          <li key={step._id} className="flex gap-4">
            <span
              aria-hidden="true"
              className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary font-bold text-on-primary"
            >
              {index + 1}
            </span>
            <p className="pt-1">{step.description}</p>
          </li>
        ))}
      </ol>
    </section>
  )
}

/** The shop's products that match the ingredients, with one button that adds them all. */
function RecipeProducts({ recipe }: { recipe: Recipe }) {
  const { t } = useTranslation()
  const add = useCartStore((state) => state.add)
  const names = recipe.ingredients.filter((i) => i.existsInProducts).map((i) => i.name)
  const { data: products = [], isPending, isError } = useQuery(productQueries.byNames(names))

  const handleAddAll = () => {
    const available = products.filter((product) => product.pricing.length > 0)
    if (available.length === 0) {
      toast.error(t('errors.noProductsAvailable'))
      return
    }
    for (const product of available) {
      const [smallest] = [...product.pricing].sort((a, b) => a.price - b.price)
      if (smallest)
        add({
          itemId: product._id,
          itemType: 'Product',
          size: smallest.size.sizeName,
          price: smallest.price,
          quantity: 1,
        })
    }
    toast.success(t('recipesPage.addedAll', { count: available.length }))
  }

  return (
    <div className="mt-8 rounded-2xl bg-surface p-5 shadow-sm">
      <h3 className="mb-3 text-xl font-bold">{t('recipesPage.shopIngredients')}</h3>
      {isPending && names.length > 0 ? (
        <PageSpinner />
      ) : isError ? (
        <p role="alert" className="text-muted">
          {t('errors.genericError')}
        </p>
      ) : products.length === 0 ? (
        <p className="text-muted">{t('errors.noProductsAvailable')}</p>
      ) : (
        <ul className="mb-4 flex flex-col gap-2">
          {products.map((product: Product) => (
            <li key={product._id} className="flex items-center justify-between gap-3">
              <Link to={paths.productInfo(product._id)} className="hover:text-primary">
                {product.name}
              </Link>
              <Price
                amount={Math.min(...product.pricing.map((option) => option.price))}
                className="text-sm"
              />
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        onClick={handleAddAll}
        disabled={isPending && names.length > 0}
        className="mt-2 w-full rounded-full bg-primary px-6 py-3 font-bold text-on-primary transition-colors hover:bg-primary-hover disabled:opacity-50"
      >
        {t('recipesPage.addAll')}
      </button>
    </div>
  )
}

function RelatedRecipes({ recipe }: { recipe: Recipe }) {
  const { t } = useTranslation()
  const category = RECIPE_CATEGORIES.find(
    (c) => c.nameInEnglish === recipe.categories[0]?.nameInEnglish,
  )?.nameInEnglish
  const { data } = useQuery(recipeQueries.related(recipe._id, category))
  return (
    <RelatedSection
      id="related-recipes"
      title={t('recipesPage.related')}
      items={data}
      linkTo={(item) => paths.recipe(item._id)}
      footer={(item) => <span className="text-sm">{item.prepTime}</span>}
    />
  )
}
