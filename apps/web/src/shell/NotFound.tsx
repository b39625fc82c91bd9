import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export default function NotFound() {
  const { t } = useTranslation('common');
  return (
    <div className="full-page-message">
      <h1>{t('routeError.notFound')}</h1>
      <Link className="button button-primary" to="/home">
        {t('routeError.home')}
      </Link>
    </div>
  );
}
