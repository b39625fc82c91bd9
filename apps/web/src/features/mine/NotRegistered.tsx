import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A wallet outside the referral network has no team: the Mine screens say so and lead to registration. */
export function NotRegistered() {
  const { t } = useTranslation('mine');
  return (
    <section className="finance-card finance-offer" data-testid="mine-not-registered" role="status">
      <p>{t('notRegistered')}</p>
      <Link className="button button-primary" to="/register">
        {t('register')}
      </Link>
    </section>
  );
}
