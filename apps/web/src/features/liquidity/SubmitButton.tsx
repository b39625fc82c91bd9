import { useTranslation } from 'react-i18next';
import type { SubmitState } from './liquidityForm.ts';

/** The form's button and, when approvals come first, how many steps the wallet will ask for. */
export function SubmitButton({
  submit,
  action,
  lp,
  disabled,
  showSteps,
}: {
  submit: SubmitState;
  action: 'add' | 'remove';
  lp: string;
  disabled: boolean;
  showSteps: boolean;
}) {
  const { t } = useTranslation('liquidity');
  const label = (() => {
    switch (submit.kind) {
      case 'loading':
        return t('submit.loading');
      case 'enterAmount':
        return t('submit.enterAmount');
      case 'refused':
        return t('submit.refused');
      case 'invalid':
        return t(`submit.${action}`);
      case 'ready':
        if (submit.approvals === 0) return t(`submit.${action}`);
        return action === 'add' ? t('submit.approveAdd') : t('submit.approveRemove', { lp });
    }
  })();
  return (
    <>
      <button
        type="submit"
        className="button button-primary swap-submit"
        data-testid={`${action}-submit`}
        disabled={disabled || submit.kind !== 'ready'}
      >
        {label}
      </button>
      {showSteps && submit.kind === 'ready' && submit.approvals > 0 ? (
        <p className="swap-steps-note">{t('submit.steps', { n: submit.approvals + 1 })}</p>
      ) : null}
    </>
  );
}
