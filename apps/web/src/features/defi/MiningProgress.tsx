import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { MiningProgress as Progress } from '@eterno/protocol/farm/progress';
import { formatBlock, formatBps, formatEtro } from './format.ts';

/** A bar's fill from basis points (display only: a CSS length, never an amount). */
function fill(bps: bigint): CSSProperties {
  return { '--fill': `${Number(bps) / 100}%` } as CSSProperties;
}

/**
 * The farm's mining progress (spec §2): the whole schedule's share mined, then the 4 stages as a
 * track — done, mining (with its blocks, per-block reward and share done) and upcoming.
 */
export function MiningProgress({ progress }: { progress: Progress }) {
  const { t } = useTranslation('defi');
  const current = progress.started && !progress.finished ? progress.stages[progress.currentStage] : undefined;
  return (
    <section className="farm-card mining" aria-labelledby="mining-title" data-testid="mining-progress">
      <header className="mining-head">
        <h3 id="mining-title">{t('progress.title')}</h3>
        <strong className="mining-percent" data-testid="mining-percent">
          {formatBps(progress.progressBps)}
        </strong>
      </header>
      <p className="mining-mined" data-testid="mining-percent-hint">
        {t('progress.percentHint')}
      </p>
      <div
        className="meter"
        style={fill(progress.progressBps)}
        role="progressbar"
        aria-labelledby="mining-title"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Number(progress.progressBps) / 100}
        aria-valuetext={formatBps(progress.progressBps)}
      >
        <span />
      </div>
      <p className="mining-mined">
        {t('progress.mined', { emitted: formatEtro(progress.emitted), total: formatEtro(progress.totalEmission) })}
      </p>

      <ol className="stage-track">
        {progress.stages.map((stage) => (
          <li
            key={stage.index}
            className={`stage stage-${stage.status}`}
            data-status={stage.status}
            data-testid={`stage-${stage.index + 1}`}
            aria-current={stage.status === 'current' ? 'step' : undefined}
          >
            <span className="stage-bar" style={fill(stage.progressBps)} aria-hidden="true">
              <span />
            </span>
            <span className="stage-name">{t('progress.stage', { n: stage.index + 1 })}</span>
            <span className="stage-rate">
              <strong>{t('progress.rate', { rate: formatEtro(stage.etroPerBlock) })}</strong>
              <small>{t('progress.perBlock')}</small>
            </span>
            <span className="stage-status">{t(`progress.status.${stage.status}`)}</span>
          </li>
        ))}
      </ol>

      {current ? (
        <p className="stage-detail" data-testid="stage-detail">
          <span>
            {t('progress.blocks', { from: formatBlock(current.startBlock), to: formatBlock(current.endBlock - 1n) })}
          </span>
          <span>{t('progress.stageDone', { percent: formatBps(current.progressBps) })}</span>
          <span>{t('progress.blocksLeft', { blocks: formatBlock(current.totalBlocks - current.minedBlocks) })}</span>
        </p>
      ) : (
        <p className="stage-detail" data-testid="stage-detail">
          {progress.finished ? t('progress.finished') : t('progress.notStarted')}
        </p>
      )}
    </section>
  );
}
