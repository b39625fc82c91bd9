import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * A user not registered in the referral tree cannot buy: the screen says so and offers the
 * registration screen (`/register`, features/register; docs/decisions/finance.md, Screens).
 */
export function RegisterOffer() {
  const { t } = useTranslation('finance');
  return (
    <section className="finance-card finance-offer" data-testid="register-offer" role="alert">
      <h3>{t('subscribe.unregisteredTitle')}</h3>
      <p>{t('subscribe.unregistered')}</p>
      <Link className="button button-primary" to="/register" data-testid="register-link">
        {t('subscribe.register')}
      </Link>
    </section>
  );
}
