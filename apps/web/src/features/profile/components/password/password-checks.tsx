import { PASSWORD_MIN_LENGTH, passwordRules, type PasswordRule } from '@rampart/contracts';
import { useTranslation } from 'react-i18next';
import styles from './password-checks.module.css';

const ruleOrder = Object.keys(passwordRules) as PasswordRule[];

/** One line of a checklist: a tick or a cross (shape, not colour alone) and its words. */
function Check({ met, children }: { met: boolean; children: string }) {
  const { t } = useTranslation('profile');
  return (
    <li className={styles.check} data-met={met}>
      <span className={styles.mark} aria-hidden="true">
        {met ? '✓' : '✗'}
      </span>
      <span>
        <span className="visually-hidden">{met ? t('password.met') : t('password.unmet')} </span>
        {children}
      </span>
    </li>
  );
}

/** The new-password rules, each marked as the player types. */
export function PasswordRules({ id, password }: { id: string; password: string }) {
  const { t } = useTranslation('profile');
  return (
    <div id={id} className={styles.rules}>
      <p className={styles.title}>{t('password.rulesTitle')}</p>
      <ul className={styles.list}>
        {ruleOrder.map((rule) => (
          <Check key={rule} met={passwordRules[rule](password)}>
            {t(`password.rules.${rule}`, { min: PASSWORD_MIN_LENGTH })}
          </Check>
        ))}
      </ul>
    </div>
  );
}

/** Whether the confirmation equals the new password; silent until something is typed. */
export function ConfirmationCheck({
  id,
  password,
  confirmation,
}: {
  id: string;
  password: string;
  confirmation: string;
}) {
  const { t } = useTranslation('profile');
  if (confirmation === '') return <div id={id} hidden />;
  const matches = confirmation === password;
  return (
    <ul id={id} className={`${styles.list} ${styles.single}`}>
      <Check met={matches}>
        {matches ? t('password.confirmationMatches') : t('password.confirmationDiffers')}
      </Check>
    </ul>
  );
}
