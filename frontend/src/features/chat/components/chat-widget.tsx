import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { format, parseISO } from 'date-fns';
import { FORMATS } from '@appointment/contracts/constants';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { ChatIcon, CheckIcon, CloseIcon, DoubleCheckIcon, SendIcon } from '../../../ui/icons';
import {
  chatClosed,
  chatToggled,
  messageSent,
  selectChatLoading,
  selectChatMessages,
  selectChatOpen,
  type ChatMessage,
} from '../chat.slice';
import {
  Bubble,
  Composer,
  Header,
  Input,
  Messages,
  Meta,
  Root,
  Row,
  Send,
  Status,
  Text,
  Title,
  Toggle,
  Typing,
  Window,
} from './chat-widget.styles';

const timeOf = (iso: string): string => format(parseISO(iso), FORMATS.slotTime);

function MessageStatus({ status }: { status: ChatMessage['status'] }) {
  const { t } = useTranslation();
  const label = t(`chat.status.${status}`);
  return (
    <Status role="img" aria-label={label} title={label}>
      {status === 'read' ? <DoubleCheckIcon width={14} height={14} /> : <CheckIcon width={14} height={14} />}
    </Status>
  );
}

/** docs/product.md §2.2 Chat Support widget: a floating, local-only conversation with a simulated agent. */
export function ChatWidget() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectChatOpen);
  const loading = useAppSelector(selectChatLoading);
  const messages = useAppSelector(selectChatMessages);
  const [draft, setDraft] = useState('');
  const titleId = useId();
  const windowId = useId();
  const endRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, loading, open]);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') dispatch(chatClosed());
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [open, dispatch]);

  const content = draft.trim();
  const canSend = !loading && content.length > 0;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSend) return;
    dispatch(messageSent(content, `msg-${Date.now()}`, new Date().toISOString()));
    setDraft('');
  };

  return (
    <Root>
      {open && (
        <Window id={windowId} aria-labelledby={titleId}>
          <Header>
            <Title id={titleId}>{t('chat.title')}</Title>
          </Header>
          <Messages role="log" aria-live="polite" aria-label={t('chat.title')}>
            {messages.map((message) => {
              const mine = message.sender === 'user';
              return (
                <Row key={message.id} $mine={mine}>
                  <Bubble $mine={mine}>
                    <Text>{message.textKey ? t(`chat.${message.textKey}`) : message.content}</Text>
                    <Meta>
                      <time dateTime={message.timestamp}>{timeOf(message.timestamp)}</time>
                      {mine && <MessageStatus status={message.status} />}
                    </Meta>
                  </Bubble>
                </Row>
              );
            })}
            {loading && <Typing>{t('chat.typing')}</Typing>}
            <div ref={endRef} aria-hidden="true" />
          </Messages>
          <Composer onSubmit={onSubmit}>
            <Input
              type="text"
              value={draft}
              placeholder={t('chat.placeholder')}
              aria-label={t('chat.input')}
              autoComplete="off"
              onChange={(event) => setDraft(event.target.value)}
            />
            <Send type="submit" aria-label={t('chat.send')} disabled={!canSend}>
              <SendIcon width={18} height={18} />
            </Send>
          </Composer>
        </Window>
      )}
      <Toggle
        type="button"
        aria-label={open ? t('chat.close') : t('chat.open')}
        aria-expanded={open}
        aria-controls={open ? windowId : undefined}
        onClick={() => dispatch(chatToggled())}
      >
        {open ? <CloseIcon width={24} height={24} /> : <ChatIcon width={24} height={24} />}
      </Toggle>
    </Root>
  );
}
