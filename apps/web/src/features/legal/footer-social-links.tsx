import { useQuery } from '@tanstack/react-query'
import { useTranslation } from '../../lib/i18n'
import { shopQueries } from '../../api/shop'
import { FacebookIcon, InstagramIcon } from '../../components/ui/icons'
import { iconButtonClass } from '../../components/ui/icon-button'

/**
 * The shop's social pages in the footer, as the owner set them with the business details; a
 * page not set has no link, and with none the block is gone (spec §2's "#" links led nowhere).
 */
export function FooterSocialLinks() {
  const { t } = useTranslation()
  const { data } = useQuery(shopQueries.details())
  const links = [
    { href: data?.instagramUrl, label: t('footer.social.instagram'), Icon: InstagramIcon },
    { href: data?.facebookUrl, label: t('footer.social.facebook'), Icon: FacebookIcon },
  ].filter((link): link is typeof link & { href: string } => Boolean(link.href))
  if (links.length === 0) return null
  return (
    <div>
      <p className="mb-1 text-sm font-semibold">{t('footer.socialTitle')}</p>
      <ul className="flex gap-1">
        {links.map(({ href, label, Icon }) => (
          <li key={label}>
            <a href={href} aria-label={label} rel="noopener" className={iconButtonClass}>
              <Icon />
            </a>
          </li>
        ))}
      </ul>
    </div>
  )
}
