import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keccak256, stringToBytes, type Address } from 'viem';
import { copyText } from '../../components/copyText.ts';
import { toasts } from '../../components/toast/toast.ts';
import { eternoFarmSource } from '@eterno/protocol/generated/sources';

/**
 * The mining contract's Solidity source exactly as the contracts were built from it (the generated
 * file holds `contracts/src/EternoFarm.sol` and the keccak256 the compiler recorded for it; a test
 * checks the two agree). Its own chunk, loaded only when the user opens the view.
 */
export const FARM_SOURCE: string = eternoFarmSource.text;

export default function ContractCode({ address }: { address: Address }) {
  const { t } = useTranslation(['defi', 'common']);
  const [wrap, setWrap] = useState(true);
  const lines = useMemo(() => FARM_SOURCE.split('\n'), []);
  const hash = useMemo(() => keccak256(stringToBytes(FARM_SOURCE)), []);
  const copy = () => {
    copyText(address).then(
      () => toasts.show({ tone: 'success', message: t('common:copySuccess') }),
      () => undefined,
    );
  };
  return (
    <div className="contract-code" data-testid="contract-code">
      <section className="code-address">
        <h3>{t('defi:code.address')}</h3>
        <div className="code-address-row">
          <code data-testid="farm-address">{address}</code>
          <button type="button" className="button code-copy" onClick={copy}>
            {t('defi:code.copy')}
          </button>
        </div>
      </section>
      <section className="code-source">
        <header className="code-source-head">
          <h3>{t('defi:code.source')}</h3>
          <span className="chip">{t('defi:code.lines', { n: String(lines.length) })}</span>
        </header>
        <p className="code-hash">
          {t('defi:code.hash')} <code data-testid="source-hash">{hash}</code>
        </p>
        <label className="code-wrap">
          <input type="checkbox" checked={wrap} onChange={(event) => setWrap(event.target.checked)} />
          {t('defi:code.wrap')}
        </label>
        <pre className={wrap ? 'code code-wrapped' : 'code'} data-testid="farm-source" tabIndex={0}>
          {lines.map((line, index) => (
            <span key={index} className="code-line">
              {index < lines.length - 1 ? `${line}\n` : line}
            </span>
          ))}
        </pre>
      </section>
    </div>
  );
}
