/**
 * The placement part of the registration form (/register) and the invite register form
 * (/mine/invite-register): the side (left or right), automatic or manual placement and, for manual,
 * the contact address. Controlled: the screen owns the values and the form's check; the form's first
 * problem shows under its field when it is one of these.
 */
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorCode } from '@eterno/protocol/errors';
import type { Side } from '@eterno/protocol/referral/placement';
import type { PlacementMode } from '@eterno/protocol/referralApi';
import './PlacementFields.css';

type Problem = { readonly field: string; readonly code: ErrorCode };

export type Placement = { side: Side | null; placement: PlacementMode | null; contact: string };

export type PlacementFieldsProps = {
  /** Names the radios and test ids: `<prefix>-side`, `<prefix>-placement`, `<prefix>-contact`, `<prefix>-problem-<field>`. */
  prefix: string;
  value: Placement;
  onChange: (patch: Partial<Placement>) => void;
  /** The form's first problem (shown here when its field is side, placement or contact). */
  problem: Problem | null;
  /** The registration asks the side first; the invite register form asks it after the contact. */
  order: 'side-first' | 'side-last';
  /** Explains the chosen placement to the registrant. */
  hint?: boolean;
};

function Choice<T extends string | number>(props: {
  name: string;
  value: T | null;
  options: ReadonlyArray<{ value: T; label: string }>;
  onChange: (value: T) => void;
}) {
  return (
    <div className="register-choice" role="radiogroup" data-testid={props.name}>
      {props.options.map((o) => (
        <label key={String(o.value)} className={props.value === o.value ? 'is-on' : undefined}>
          <input
            type="radio"
            name={props.name}
            checked={props.value === o.value}
            onChange={() => props.onChange(o.value)}
            data-value={o.value}
          />
          {o.label}
        </label>
      ))}
    </div>
  );
}

/** A form's first problem, in the user's language, under `field` when it is that field's. */
export function FieldProblem(props: { prefix: string; field: string; problem: Problem | null }) {
  const { t } = useTranslation('errors');
  const { problem } = props;
  if (problem?.field !== props.field) return null;
  return (
    <p
      className="register-error"
      role="alert"
      data-testid={`${props.prefix}-problem-${props.field}`}
      data-code={problem.code}
    >
      {t(problem.code)}
    </p>
  );
}

export function PlacementFields(props: PlacementFieldsProps) {
  const { t } = useTranslation('referral');
  const { prefix, value, onChange, problem } = props;
  const problemOf = (field: keyof Placement) => <FieldProblem prefix={prefix} field={field} problem={problem} />;
  const side: ReactNode = (
    <Fragment key="side">
      <fieldset className="register-field">
        <legend>{t('register.side')}</legend>
        <Choice<Side>
          name={`${prefix}-side`}
          value={value.side}
          options={[
            { value: 0, label: t('side.left') },
            { value: 1, label: t('side.right') },
          ]}
          onChange={(s) => onChange({ side: s })}
        />
      </fieldset>
      {problemOf('side')}
    </Fragment>
  );
  const placement: ReactNode = (
    <Fragment key="placement">
      <fieldset className="register-field">
        <legend>{t('register.placement')}</legend>
        <Choice<PlacementMode>
          name={`${prefix}-placement`}
          value={value.placement}
          options={[
            { value: 'auto', label: t('placement.auto') },
            { value: 'manual', label: t('placement.manual') },
          ]}
          onChange={(p) => onChange({ placement: p })}
        />
        {props.hint ? (
          <small className="register-hint">
            {t(value.placement === 'manual' ? 'placement.manualHint' : 'placement.autoHint')}
          </small>
        ) : null}
      </fieldset>
      {problemOf('placement')}
      {value.placement === 'manual' ? (
        <>
          <label className="register-field">
            <span>{t('register.contact')}</span>
            <input
              type="text"
              autoComplete="off"
              spellCheck={false}
              placeholder="0x…"
              value={value.contact}
              onChange={(e) => onChange({ contact: e.target.value })}
              data-testid={`${prefix}-contact`}
            />
          </label>
          {problemOf('contact')}
        </>
      ) : null}
    </Fragment>
  );
  return <>{props.order === 'side-first' ? [side, placement] : [placement, side]}</>;
}
