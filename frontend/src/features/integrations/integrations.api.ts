import { CALENDAR_PATHS, type CalendarFeedAnswer } from '@appointment/contracts/calendar-feeds';
import {
  INTEGRATION_SETTINGS_PATHS as SETTINGS,
  type ChatAppForm,
  type ChatbotSettings,
  type IntegrationSettings,
  type WhatsAppSettings,
} from '@appointment/contracts/integration-settings';
import { api } from '../../lib/api';
import { connectBaseQuery } from '../../lib/connect-retry';

type SettingsAnswer = { settings: IntegrationSettings };

/**
 * The provider a request is about: undefined for an admin (the server takes their own), the one
 * platform staff picked otherwise (`?providerId=`, docs/product.md §2.8).
 */
export type ProviderArg = string | undefined;
type WithProvider<T> = { providerId: ProviderArg; body: T };

const scoped = (url: string, providerId: ProviderArg) =>
  providerId ? `${url}?providerId=${encodeURIComponent(providerId)}` : url;

/** The provider's integrations: its calendar feed, the chat app and the settings panels. */
export const integrationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    providerCalendarFeed: build.query<CalendarFeedAnswer, ProviderArg>({
      query: (providerId) => scoped(CALENDAR_PATHS.providerFeed, providerId),
      providesTags: ['CalendarFeed'],
    }),
    connectProviderCalendar: build.mutation<CalendarFeedAnswer, ProviderArg>({
      queryFn: (providerId, queryApi, extra) =>
        connectBaseQuery(
          { url: CALENDAR_PATHS.providerConnect, method: 'POST', body: providerId ? { providerId } : {} },
          queryApi,
          extra,
        ) as never,
      invalidatesTags: ['CalendarFeed'],
    }),
    disconnectProviderCalendar: build.mutation<CalendarFeedAnswer, ProviderArg>({
      query: (providerId) => ({
        url: CALENDAR_PATHS.providerDisconnect,
        method: 'POST',
        body: providerId ? { providerId } : {},
      }),
      invalidatesTags: ['CalendarFeed'],
    }),
    integrationSettings: build.query<IntegrationSettings, ProviderArg>({
      query: (providerId) => scoped(SETTINGS.settings, providerId),
      transformResponse: (answer: SettingsAnswer) => answer.settings,
      providesTags: ['IntegrationSettings'],
    }),
    saveChatbot: build.mutation<SettingsAnswer, WithProvider<ChatbotSettings>>({
      query: ({ providerId, body }) => ({ url: scoped(SETTINGS.chatbot, providerId), method: 'PUT', body }),
      invalidatesTags: ['IntegrationSettings'],
    }),
    saveWhatsApp: build.mutation<SettingsAnswer, WithProvider<WhatsAppSettings>>({
      query: ({ providerId, body }) => ({ url: scoped(SETTINGS.whatsapp, providerId), method: 'PUT', body }),
      invalidatesTags: ['IntegrationSettings'],
    }),
    connectChatApp: build.mutation<SettingsAnswer, WithProvider<ChatAppForm>>({
      queryFn: ({ providerId, body }, queryApi, extra) =>
        connectBaseQuery(
          { url: scoped(SETTINGS.chatAppConnect, providerId), method: 'POST', body },
          queryApi,
          extra,
        ) as never,
      invalidatesTags: ['IntegrationSettings'],
    }),
    configureChatApp: build.mutation<SettingsAnswer, WithProvider<ChatAppForm>>({
      query: ({ providerId, body }) => ({
        url: scoped(SETTINGS.chatAppConfigure, providerId),
        method: 'PUT',
        body,
      }),
      invalidatesTags: ['IntegrationSettings'],
    }),
    disconnectChatApp: build.mutation<SettingsAnswer, ProviderArg>({
      query: (providerId) => ({
        url: scoped(SETTINGS.chatAppDisconnect, providerId),
        method: 'POST',
        body: {},
      }),
      invalidatesTags: ['IntegrationSettings'],
    }),
  }),
});

export const {
  useProviderCalendarFeedQuery,
  useConnectProviderCalendarMutation,
  useDisconnectProviderCalendarMutation,
  useIntegrationSettingsQuery,
  useSaveChatbotMutation,
  useSaveWhatsAppMutation,
  useConnectChatAppMutation,
  useConfigureChatAppMutation,
  useDisconnectChatAppMutation,
} = integrationsApi;
