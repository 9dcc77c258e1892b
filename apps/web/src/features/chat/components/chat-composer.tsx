import { chatLimits } from '@rampart/contracts';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button/button';
import { errorMessage } from '../../../lib/error-message';
import { generateId } from '../../../lib/random-id';
import { useSendMessage, type ChatPlace } from '../api/chat-mutations';
import styles from './chat.module.css';

/**
 * Writes to one thread. Enter sends, Shift+Enter starts a new line. A draft keeps one client id
 * until it is sent: sending it again after a failure can never post it twice.
 */
export function ChatComposer({
  place,
  threadId,
  label,
  objectiveUuid,
}: {
  place: ChatPlace;
  threadId: string;
  label: string;
  /** Given, every message sent says it is about this objective. */
  objectiveUuid?: string | undefined;
}) {
  const { t } = useTranslation(['chat', 'errors']);
  const id = useId();
  const [text, setText] = useState('');
  const clientId = useRef<string | null>(null);
  const send = useSendMessage(place);
  const trimmed = text.trim();
  const tooLong = trimmed.length > chatLimits.messageLength;

  const submit = () => {
    if (!trimmed || tooLong || send.isPending) return;
    clientId.current ??= generateId();
    send.mutate(
      {
        threadId,
        text: trimmed,
        clientId: clientId.current,
        ...(objectiveUuid && { objectiveUuid }),
      },
      {
        onSuccess: () => {
          clientId.current = null;
          setText('');
        },
      },
    );
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  return (
    <form className={styles.composer} onSubmit={handleSubmit}>
      <label htmlFor={`${id}-text`} className="visually-hidden">
        {label}
      </label>
      <div className={styles.composerRow}>
        <textarea
          id={`${id}-text`}
          className={styles.input}
          rows={1}
          value={text}
          placeholder={t('placeholder')}
          aria-describedby={`${id}-hint`}
          aria-invalid={tooLong || undefined}
          onChange={(event) => {
            setText(event.target.value);
            // Another text is another message.
            clientId.current = null;
          }}
          onKeyDown={handleKeyDown}
        />
        <Button type="submit" disabled={!trimmed || tooLong || send.isPending}>
          {send.isPending ? t('sending') : t('send')}
        </Button>
      </div>
      <p id={`${id}-hint`} className={tooLong ? styles.error : styles.hint}>
        {tooLong
          ? t('errors:chat.message_too_long')
          : trimmed.length > chatLimits.messageLength - 200
            ? t('remaining', { count: chatLimits.messageLength - trimmed.length })
            : t('hint')}
      </p>
      {send.isError && (
        <p className={styles.error} role="alert">
          {errorMessage(t, send.error)}
        </p>
      )}
    </form>
  );
}
