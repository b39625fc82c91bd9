import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Where an unregistered user who wants package `id` registers: back to the package afterwards. */
export function registerToBuyPath(id: number | string): string {
  return `/register?buy=${encodeURIComponent(String(id))}`;
}

/**
 * A user not registered in the referral tree cannot buy: the screen says so and offers the
 * registration screen (`/register?buy=<id>`, features/register; docs/decisions/finance.md, Screens).
 */
export function RegisterOffer({ packageId }: { packageId: number | string }) {
  const { t } = useTranslation('finance');
  return (
    <section className="finance-card finance-offer" data-testid="register-offer" role="alert">
      <h3>{t('subscribe.unregisteredTitle')}</h3>
      <p>{t('subscribe.unregistered')}</p>
      <Link className="button button-primary" to={registerToBuyPath(packageId)} data-testid="register-link">
        {t('subscribe.register')}
      </Link>
    </section>
  );
}
