import type { CookieDescriptor } from '@rampart/contracts';
import { useTranslation } from 'react-i18next';
import { formatCookieLifetime } from '../cookie-lifetime';
import { isCookieInUse, type DeploymentFeatures } from '../deployment-features';
import styles from './cookie-policy-table.module.css';

interface CookiePolicyTableProps {
  cookies: readonly CookieDescriptor[];
  features: DeploymentFeatures;
  caption: string;
}

/**
 * The cookies Rampart sets. Explicit ARIA roles keep the table semantics on narrow screens, where
 * CSS turns each row into a card.
 */
export function CookiePolicyTable({ cookies, features, caption }: CookiePolicyTableProps) {
  const { t } = useTranslation('cookies');
  const columns = {
    name: t('columns.name'),
    purpose: t('columns.purpose'),
    type: t('columns.type'),
    lifetime: t('columns.lifetime'),
  };
  return (
    <table className={styles.table} role="table">
      <caption className="visually-hidden">{caption}</caption>
      <thead className={styles.head} role="rowgroup">
        <tr role="row">
          {Object.entries(columns).map(([key, label]) => (
            <th key={key} scope="col" role="columnheader">
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody role="rowgroup">
        {cookies.map((cookie) => {
          const inUse = isCookieInUse(cookie, features);
          return (
            <tr
              key={cookie.id}
              role="row"
              className={inUse ? undefined : styles.unused}
              data-cookie={cookie.name}
            >
              <th scope="row" role="rowheader" data-label={columns.name}>
                <code className={styles.name}>{cookie.name}</code>
              </th>
              <td role="cell" data-label={columns.purpose}>
                <div>
                  {/* Ids come from the contracts; locales/catalogues.test.ts checks each has a purpose. */}
                  {t(`cookies.${cookie.id}.purpose` as 'cookies.locale.purpose')}
                  {!inUse && <span className={styles.notUsed}>{t('notUsed')}</span>}
                </div>
              </td>
              <td role="cell" data-label={columns.type}>
                <div>
                  <span className={cookie.mandatory ? styles.mandatory : styles.optional}>
                    {cookie.mandatory ? t('type.mandatory') : t('type.optional')}
                  </span>
                </div>
              </td>
              <td role="cell" data-label={columns.lifetime}>
                <div>{formatCookieLifetime(t, cookie.lifetime)}</div>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
