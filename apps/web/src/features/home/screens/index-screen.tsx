import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button/button';
import { Eyebrow } from '../../../components/ui/eyebrow/eyebrow';
import formStyles from '../../../components/ui/form/form.module.css';
import { SectionError, SectionLoading } from '../../../components/ui/section-state/section-state';
import { useDocumentTitle } from '../../../lib/app-info';
import { sessionPath } from '../../content';
import { useLocalizedPath } from '../../../lib/locale';
import {
  sessionScreenPath,
  sessionStyles as styles,
  sessionUuidFromJoinLink,
  useCurrentSessions,
} from '../../sessions';

/**
 * `/`: the button to join my session — straight to the session the player is in, else
 * a field for the join link a trainer or a teammate gave.
 */
export default function IndexScreen() {
  const { t } = useTranslation(['sessions', 'screens']);
  useDocumentTitle(t('screens:index.title'));
  const titleId = useId();
  const localize = useLocalizedPath();
  const current = useCurrentSessions();
  const ongoing = current.data?.sessions[0];

  return (
    <section className={`${styles.screen} ${styles.narrow}`} aria-labelledby={titleId}>
      <header className={styles.header}>
        <Eyebrow>{t('index.eyebrow')}</Eyebrow>
        <h1 id={titleId} className={styles.title}>
          {t('screens:index.title')}
        </h1>
        <p className={styles.subtitle}>{t('index.intro')}</p>
      </header>
      {current.isPending ? (
        <SectionLoading lines={2} />
      ) : current.isError ? (
        <SectionError error={current.error} onRetry={() => void current.refetch()} />
      ) : ongoing ? (
        <div className={styles.panel}>
          <p className={styles.subtitle}>{t('index.ongoing', { name: ongoing.name })}</p>
          <div className={styles.actions}>
            <ButtonLink to={localize(sessionPath(ongoing))}>{t('index.joinMine')}</ButtonLink>
          </div>
        </div>
      ) : null}
      <JoinByLink />
      <div className={styles.actions}>
        <ButtonLink variant="ghost" to={localize('/home')}>
          {t('index.home')}
        </ButtonLink>
      </div>
    </section>
  );
}

function JoinByLink() {
  const { t } = useTranslation('sessions');
  const id = useId();
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const uuid = sessionUuidFromJoinLink(text);
    setInvalid(uuid === null);
    if (uuid) void navigate(localize(sessionScreenPath(uuid, 'join')));
  };
  return (
    <form
      className={`${styles.panel} ${formStyles.form} ${formStyles.wide}`}
      onSubmit={handleSubmit}
      noValidate
    >
      <div className={formStyles.field}>
        <label className={formStyles.label} htmlFor={id}>
          {t('index.linkLabel')}
        </label>
        <input
          id={id}
          className={formStyles.input}
          value={text}
          onChange={(event) => setText(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={`${id}-hint`}
        />
        <p
          id={`${id}-hint`}
          className={invalid ? formStyles.error : formStyles.hint}
          role={invalid ? 'alert' : undefined}
        >
          {invalid ? t('index.linkInvalid') : t('index.linkHint')}
        </p>
      </div>
      <div className={formStyles.actions}>
        <Button type="submit">{t('index.join')}</Button>
      </div>
    </form>
  );
}
