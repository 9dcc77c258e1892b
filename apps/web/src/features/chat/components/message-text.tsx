import { messageSegments } from '../lib/message-segments';

/**
 * A message's text: plain text (React escapes it; HTML stays visible as typed) with its http(s)
 * links clickable, opened in a new tab that gets no access to this one and no referrer.
 */
export function MessageText({ text }: { text: string }) {
  return (
    <>
      {messageSegments(text).map((segment, index) =>
        segment.kind === 'link' ? (
          <a key={index} href={segment.href} target="_blank" rel="noopener noreferrer nofollow">
            {segment.text}
          </a>
        ) : (
          <span key={index}>{segment.text}</span>
        ),
      )}
    </>
  );
}
