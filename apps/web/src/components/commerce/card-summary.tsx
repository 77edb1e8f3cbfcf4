import { Trans, useTranslation } from '../../lib/i18n'
import { cardBrandOf } from '@tavlin/contracts'

type CardSummaryProps = {
  brandId?: string | number | null | undefined
  brandName?: string | null | undefined
  fourDigits: string
}

/**
 * "Visa המסתיים ב־0000": the brand's proper name (decision 100), the provider's own name
 * when the brand is unknown. The brand and the digits are isolated (<bdi>), so a Latin
 * name and the number keep their places in the right-to-left sentence.
 */
export function CardSummary({ brandId, brandName, fourDigits }: CardSummaryProps) {
  const { t } = useTranslation()
  const brand = cardBrandOf({ brandId, brandName })
  const name = brand ? t(`common.cardBrands.${brand}`) : (brandName ?? '').trim()
  const digits = <bdi dir="ltr" />
  return name ? (
    <Trans
      i18nKey="common.cardEnding"
      values={{ brand: name, digits: fourDigits }}
      components={{ brand: <bdi />, digits }}
    />
  ) : (
    <Trans i18nKey="common.cardEndingNoBrand" values={{ digits: fourDigits }} components={{ digits }} />
  )
}
