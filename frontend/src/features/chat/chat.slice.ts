import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { providerInView, providerOutOfView } from '../../lib/events';

/** docs/product.md §3 Chat message; timestamps are ISO strings. */
export interface ChatMessage {
  id: string;
  content: string;
  sender: 'user' | 'bot';
  timestamp: string;
  status: 'sent' | 'delivered' | 'read';
  type: 'text';
  /** The bot's fixed lines are shown in the reader's language (a key of the `chat` texts). */
  textKey?: 'greeting' | 'autoReply';
}

export interface ChatState {
  open: boolean;
  isLoading: boolean;
  messages: ChatMessage[];
  /** The provider on screen, whose assistant answers; null: an agent answers. */
  providerId: string | null;
}

/** docs/product.md §2.2: the texts the simulated agent says. */
export const BOT_GREETING = 'Hello! How can I help you today?';
export const BOT_AUTO_REPLY = 'Thank you for your message. An agent will respond shortly.';

const initialState = (): ChatState => ({
  open: false,
  isLoading: false,
  providerId: null,
  messages: [
    {
      id: 'bot-greeting',
      content: BOT_GREETING,
      sender: 'bot',
      timestamp: new Date().toISOString(),
      status: 'read',
      type: 'text',
      textKey: 'greeting',
    },
  ],
});

const chatSlice = createSlice({
  name: 'chat',
  initialState,
  reducers: {
    chatToggled(state) {
      state.open = !state.open;
    },
    chatClosed(state) {
      state.open = false;
    },
    messageSent: {
      reducer(state, action: PayloadAction<ChatMessage>) {
        state.messages.push(action.payload);
        state.isLoading = true;
      },
      prepare: (content: string, id: string, timestamp: string) => ({
        payload: { id, content, sender: 'user', timestamp, status: 'sent', type: 'text' } as ChatMessage,
      }),
    },
    botReplied: {
      reducer(state, action: PayloadAction<ChatMessage>) {
        for (const message of state.messages) {
          if (message.sender === 'user') message.status = 'read';
        }
        state.messages.push(action.payload);
        state.isLoading = false;
      },
      /** Without `content`, the agent's hand-over line, in the reader's language. */
      prepare: (id: string, timestamp: string, content?: string) => ({
        payload: {
          id,
          content: content ?? BOT_AUTO_REPLY,
          sender: 'bot',
          timestamp,
          status: 'read',
          type: 'text',
          ...(content === undefined ? { textKey: 'autoReply' } : {}),
        } as ChatMessage,
      }),
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(providerInView, (state, action) => {
        state.providerId = action.payload.id;
      })
      .addCase(providerOutOfView, (state) => {
        state.providerId = null;
      });
  },
});

export const { chatToggled, chatClosed, messageSent, botReplied } = chatSlice.actions;
export const chatReducer = chatSlice.reducer;

interface WithChat {
  chat: ChatState;
}

export const selectChatOpen = (state: WithChat) => state.chat.open;
export const selectChatLoading = (state: WithChat) => state.chat.isLoading;
export const selectChatMessages = (state: WithChat) => state.chat.messages;
export const selectChatProvider = (state: WithChat) => state.chat.providerId;
