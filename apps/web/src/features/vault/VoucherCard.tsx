import { useTranslation } from 'react-i18next';
import { shortenAddress } from '@eterno/protocol/address';
import { formatDateTime } from '../../i18n/dateTime.ts';
import { amountText } from './format.ts';
import type { VoucherStatus } from './withdrawFlow.ts';

/** An expired voucher's amount came back (+); a cancelled one never moved (no sign); the others went out (−). */
const AMOUNT_SIGN: Record<VoucherStatus['kind'], string> = {
  open: '−',
  sending: '−',
  pending: '−',
  settled: '−',
  expired: '+',
  cancelled: '',
};

export type VoucherCardProps = {
  status: VoucherStatus;
  symbol: string;
  busy: boolean;
  cancelling: boolean;
  onSend: () => void;
  onCancel: () => void;
};

/**
 * The latest withdrawal of the token: its amount and state (open → sending → pending → settled;
 * expired → timeout return; cancelled), with Send and Cancel while it is open (not while it is sent).
 */
export function VoucherCard({ status, symbol, busy, cancelling, onSend, onCancel }: VoucherCardProps) {
  const { t, i18n } = useTranslation('vault');
  const { voucher } = status;
  const amount = `${amountText(voucher.amount, symbol)} ${symbol}`;
  const time = (seconds: bigint | number) => formatDateTime(seconds, i18n.language);
  const text = (() => {
    switch (status.kind) {
      case 'open':
        return t('voucher.open', { time: time(voucher.deadline) });
      case 'sending':
        return t('voucher.sending');
      case 'pending':
        return t('voucher.pending');
      case 'settled':
        return t('voucher.settled', { time: time(voucher.settledAt ?? voucher.signedAt) });
      case 'expired':
        return t('voucher.expired', { time: time(voucher.deadline) });
      case 'cancelled':
        return t('voucher.cancelled');
    }
  })();
  const hash = status.kind === 'pending' || status.kind === 'settled' ? status.hash : null;
  return (
    <section className="vault-card voucher-card" data-testid="voucher-card" data-state={status.kind}>
      <header className="voucher-head">
        <h3>{t('voucher.title')}</h3>
        <span className={`voucher-state voucher-state-${status.kind}`} data-testid="voucher-state">
          {t(`voucher.state.${status.kind}`)}
        </span>
      </header>
      <p className={`voucher-amount voucher-amount-${status.kind}`} data-testid="voucher-amount">
        {`${AMOUNT_SIGN[status.kind]}${amount}`}
      </p>
      <p className="vault-note" data-testid="voucher-text">
        {text}
      </p>
      {hash ? (
        <p className="vault-note voucher-tx" title={hash} data-hash={hash}>
          {t('voucher.tx', { hash: shortenAddress(hash) })}
        </p>
      ) : null}
      {status.kind === 'open' ? (
        <div className="voucher-actions">
          <button
            type="button"
            className="button button-primary"
            data-testid="voucher-send"
            disabled={busy || cancelling}
            onClick={onSend}
          >
            {t('voucher.send')}
          </button>
          <button
            type="button"
            className="button"
            data-testid="voucher-cancel"
            disabled={busy || cancelling}
            onClick={onCancel}
          >
            {cancelling ? t('voucher.cancelling') : t('voucher.cancel')}
          </button>
        </div>
      ) : null}
    </section>
  );
}
