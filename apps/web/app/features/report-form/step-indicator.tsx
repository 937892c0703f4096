import { useTranslation } from '../../i18n/use-translation.ts';
import { STEPS } from './report-values.ts';

/**
 * The three steps as a list: the current one marked with aria-current="step", the ones already
 * done are buttons that lead back to them (keyboard and screen reader alike).
 */
export function StepIndicator({
  current,
  onSelect,
  isPlain = false,
}: {
  current: number;
  onSelect(step: number): void;
  /** Without JavaScript: a step already done is a button of the form, that posts to go back to it. */
  isPlain?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('reportForm.progressLabel')}>
      <ol className="step-indicator">
        {STEPS.map((step, index) => {
          const label = `${index + 1}. ${t(`reportForm.steps.${step.name}`)}`;
          const state = index < current ? 'done' : index === current ? 'current' : 'todo';
          return (
            <li
              key={step.name}
              className={`step-indicator__step step-indicator__step--${state}`}
              aria-current={index === current ? 'step' : undefined}
            >
              {index < current ? (
                <button
                  type={isPlain ? 'submit' : 'button'}
                  name="intent"
                  value={`step-${index}`}
                  className="link-button"
                  onClick={isPlain ? undefined : () => onSelect(index)}
                >
                  {label}
                  <span className="visually-hidden"> ({t('reportForm.completed')})</span>
                </button>
              ) : (
                <span>{label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
