import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES } from '@appointment/contracts/constants';
import { BREADCRUMB_TITLES } from '../ui/breadcrumb-trail';

/**
 * The shell's texts in the three languages of docs/product.md §9. The English strings are the spec's own
 * words. Validation and error messages are written once for client and server in `contracts`
 * (MESSAGES, with their es and fr texts in message-translations.ts) and shown through lib/messages.ts.
 */
const en = {
  errorPage: { title: 'Unexpected Application Error!' },
  notFound: {
    title: 'Page not found',
    body: 'There is no page at this address.',
    dashboard: 'Go to the dashboard',
    signIn: 'Sign in',
  },
  topBar: {
    title: 'Appointment',
    logo: 'Appointment logo',
    openNavigation: 'Open navigation',
    closeNavigation: 'Close navigation',
  },
  theme: { label: 'Theme', light: 'Light', dark: 'Dark', system: 'System' },
  menu: {
    label: 'Main navigation',
    dashboard: 'Dashboard',
    serviceProviders: 'Service Providers',
    manageProviders: 'Manage Providers',
    services: 'Services',
    staffs: 'Staffs',
    appointments: 'Appointments',
    schedule: 'Schedule',
    bookAppointment: 'Book Appointment',
    myAppointments: 'My Appointments',
    waitlist: 'Waitlist',
    profile: 'Profile',
    settings: 'Settings',
    integrations: 'Integrations',
    apiKeys: 'API Keys',
    webhooks: 'Webhooks',
    connectedApps: 'Connected Apps',
    integrationSettings: 'Integration Settings',
  },
  profileMenu: {
    label: 'Profile menu',
    guest: 'Guest',
    profile: 'Profile',
    settings: 'Settings',
    logout: 'Logout',
  },
  notifications: {
    bell: 'Notifications',
    bellUnread: 'Notifications, {{count}} new',
    title: 'Notifications',
    clearAll: 'Clear All',
    delete: 'Delete notification',
    empty: 'No new notifications',
  },
  breadcrumb: {
    label: 'Breadcrumb',
    home: 'Home',
    // The spec's English titles, written once beside the trail that uses them.
    titles: BREADCRUMB_TITLES,
  },
  chat: {
    title: 'Chat Support',
    open: 'Open chat support',
    close: 'Close chat support',
    placeholder: 'Type a message...',
    input: 'Message',
    send: 'Send message',
    greeting: 'Hello! How can I help you today?',
    autoReply: 'Thank you for your message. An agent will respond shortly.',
    typing: 'Support is typing...',
    you: 'You',
    support: 'Support',
    status: { sent: 'Sent', delivered: 'Delivered', read: 'Read' },
  },
  dashboard: {
    welcome: 'Welcome back, {{name}}',
    scheduled: 'Scheduled',
    pending: 'Pending',
    completed: 'Completed',
    cancelled: 'Cancelled',
    total: 'Total Appointments',
    counts: 'Appointment counts',
    loading: 'Loading...',
  },
  auth: {
    signIn: 'Sign In',
    signingIn: 'Signing in...',
    email: 'Email',
    password: 'Password',
    noAccount: "Don't have an account?",
    register: 'Register',
    registering: 'Registering...',
    createAccount: 'Create an Account',
    chooseType: 'How would you like to use Appointment?',
    registerAsUser: 'Register as a User',
    registerAsUserText: 'Book appointments and manage your schedule',
    registerAsProvider: 'Register as a Provider',
    registerAsProviderText: 'Offer services and manage bookings',
    userForm: 'User Registration',
    providerForm: 'Provider Registration',
    back: 'Back',
    haveAccount: 'Already have an account?',
    signInLink: 'Sign in',
    name: 'Name',
    phone: 'Phone',
    confirmPassword: 'Confirm Password',
    businessName: 'Business Name',
    industry: 'Industry',
    selectIndustry: 'Select an industry',
    address: 'Address',
    industries: { Healthcare: 'Healthcare', Fitness: 'Fitness', Office: 'Office', Other: 'Other' },
    successTitle: 'Registration Successful!',
    successProvider:
      'Your provider application has been submitted. Our team will review it within {{hours}} hours.',
    successUser: 'Your account has been created. Please verify your e-mail address to activate it.',
    emailSentTo: 'A confirmation e-mail has been sent to',
    proceedToLogin: 'Proceed to Login',
    forgotPassword: 'Forgot password?',
    forgotTitle: 'Reset your password',
    forgotLead:
      'Enter the e-mail address of your account and we will send it a link to choose a new password.',
    sendLink: 'Send reset link',
    sendingLink: 'Sending...',
    backToSignIn: 'Back to sign in',
    resetTitle: 'Choose a new password',
    newPassword: 'New password',
    confirmNewPassword: 'Confirm new password',
    resetSubmit: 'Reset password',
    resetting: 'Resetting...',
    askNewLink: 'Ask for a new link',
  },
};

type Resource = typeof en;

const es: Resource = {
  errorPage: { title: '¡Error inesperado de la aplicación!' },
  notFound: {
    title: 'Página no encontrada',
    body: 'No hay ninguna página en esta dirección.',
    dashboard: 'Ir al panel',
    signIn: 'Iniciar sesión',
  },
  topBar: {
    title: 'Appointment',
    logo: 'Logotipo de Appointment',
    openNavigation: 'Abrir navegación',
    closeNavigation: 'Cerrar navegación',
  },
  theme: { label: 'Tema', light: 'Claro', dark: 'Oscuro', system: 'Sistema' },
  menu: {
    label: 'Navegación principal',
    dashboard: 'Panel',
    serviceProviders: 'Proveedores de servicios',
    manageProviders: 'Gestionar proveedores',
    services: 'Servicios',
    staffs: 'Personal',
    appointments: 'Citas',
    schedule: 'Horario',
    bookAppointment: 'Reservar cita',
    myAppointments: 'Mis citas',
    waitlist: 'Lista de espera',
    profile: 'Perfil',
    settings: 'Configuración',
    integrations: 'Integraciones',
    apiKeys: 'Claves de API',
    webhooks: 'Webhooks',
    connectedApps: 'Aplicaciones conectadas',
    integrationSettings: 'Configuración de integraciones',
  },
  profileMenu: {
    label: 'Menú de perfil',
    guest: 'Invitado',
    profile: 'Perfil',
    settings: 'Configuración',
    logout: 'Cerrar sesión',
  },
  notifications: {
    bell: 'Notificaciones',
    bellUnread: 'Notificaciones, {{count}} nuevas',
    title: 'Notificaciones',
    clearAll: 'Borrar todo',
    delete: 'Eliminar notificación',
    empty: 'No hay notificaciones nuevas',
  },
  breadcrumb: {
    label: 'Ruta de navegación',
    home: 'Inicio',
    titles: {
      dashboard: 'Panel',
      providers: 'Proveedores de servicios',
      appointments: 'Citas',
      settings: 'Configuración',
      profile: 'Perfil',
      providerstablelist: 'Gestionar proveedores',
      'provider-dashboard': 'Panel del proveedor',
      'appointments/reschedule': 'Cambiar la hora',
      'appointments/list': 'Lista',
      'appointments/book': 'Reservar',
      'scheduling/templates': 'Plantillas de horario',
      'scheduling/manage': 'Gestión de horarios',
      'integrations/api-keys': 'Claves de API',
      'integrations/apps': 'Aplicaciones conectadas',
      'integrations/webhooks': 'Webhooks',
      'integrations/settings': 'Configuración de integraciones',
      services: 'Servicios',
      staffs: 'Personal',
      scheduling: 'Horarios',
      integrations: 'Integraciones',
      history: 'Historial',
    },
  },
  chat: {
    title: 'Soporte por chat',
    open: 'Abrir soporte por chat',
    close: 'Cerrar soporte por chat',
    placeholder: 'Escribe un mensaje...',
    input: 'Mensaje',
    send: 'Enviar mensaje',
    greeting: '¡Hola! ¿En qué puedo ayudarte hoy?',
    autoReply: 'Gracias por tu mensaje. Un agente te responderá en breve.',
    typing: 'Soporte está escribiendo...',
    you: 'Tú',
    support: 'Soporte',
    status: { sent: 'Enviado', delivered: 'Entregado', read: 'Leído' },
  },
  dashboard: {
    welcome: 'Bienvenido de nuevo, {{name}}',
    scheduled: 'Programadas',
    pending: 'Pendientes',
    completed: 'Completadas',
    cancelled: 'Canceladas',
    total: 'Total de citas',
    counts: 'Recuento de citas',
    loading: 'Cargando...',
  },
  auth: {
    signIn: 'Iniciar sesión',
    signingIn: 'Iniciando sesión...',
    email: 'Correo electrónico',
    password: 'Contraseña',
    noAccount: '¿No tienes una cuenta?',
    register: 'Registrarse',
    registering: 'Registrando...',
    createAccount: 'Crear una cuenta',
    chooseType: '¿Cómo quieres usar Appointment?',
    registerAsUser: 'Registrarse como usuario',
    registerAsUserText: 'Reserva citas y gestiona tu agenda',
    registerAsProvider: 'Registrarse como proveedor',
    registerAsProviderText: 'Ofrece servicios y gestiona reservas',
    userForm: 'Registro de usuario',
    providerForm: 'Registro de proveedor',
    back: 'Atrás',
    haveAccount: '¿Ya tienes una cuenta?',
    signInLink: 'Inicia sesión',
    name: 'Nombre',
    phone: 'Teléfono',
    confirmPassword: 'Confirmar contraseña',
    businessName: 'Nombre del negocio',
    industry: 'Sector',
    selectIndustry: 'Selecciona un sector',
    address: 'Dirección',
    industries: { Healthcare: 'Salud', Fitness: 'Fitness', Office: 'Oficina', Other: 'Otro' },
    successTitle: '¡Registro completado!',
    successProvider:
      'Tu solicitud de proveedor ha sido enviada. Nuestro equipo la revisará en un plazo de {{hours}} horas.',
    successUser: 'Tu cuenta ha sido creada. Verifica tu dirección de correo electrónico para activarla.',
    emailSentTo: 'Se ha enviado un correo de confirmación a',
    proceedToLogin: 'Ir a iniciar sesión',
    forgotPassword: '¿Olvidaste tu contraseña?',
    forgotTitle: 'Restablece tu contraseña',
    forgotLead:
      'Introduce la dirección de correo electrónico de tu cuenta y le enviaremos un enlace para elegir una nueva contraseña.',
    sendLink: 'Enviar enlace',
    sendingLink: 'Enviando...',
    backToSignIn: 'Volver a iniciar sesión',
    resetTitle: 'Elige una nueva contraseña',
    newPassword: 'Nueva contraseña',
    confirmNewPassword: 'Confirmar nueva contraseña',
    resetSubmit: 'Restablecer contraseña',
    resetting: 'Restableciendo...',
    askNewLink: 'Solicitar un nuevo enlace',
  },
};

const fr: Resource = {
  errorPage: { title: "Erreur inattendue de l'application !" },
  notFound: {
    title: 'Page introuvable',
    body: "Il n'y a aucune page à cette adresse.",
    dashboard: 'Aller au tableau de bord',
    signIn: 'Se connecter',
  },
  topBar: {
    title: 'Appointment',
    logo: 'Logo Appointment',
    openNavigation: 'Ouvrir la navigation',
    closeNavigation: 'Fermer la navigation',
  },
  theme: { label: 'Thème', light: 'Clair', dark: 'Sombre', system: 'Système' },
  menu: {
    label: 'Navigation principale',
    dashboard: 'Tableau de bord',
    serviceProviders: 'Prestataires de services',
    manageProviders: 'Gérer les prestataires',
    services: 'Services',
    staffs: 'Personnel',
    appointments: 'Rendez-vous',
    schedule: 'Planning',
    bookAppointment: 'Prendre rendez-vous',
    myAppointments: 'Mes rendez-vous',
    waitlist: 'Liste d’attente',
    profile: 'Profil',
    settings: 'Paramètres',
    integrations: 'Intégrations',
    apiKeys: 'Clés API',
    webhooks: 'Webhooks',
    connectedApps: 'Applications connectées',
    integrationSettings: "Paramètres d'intégration",
  },
  profileMenu: {
    label: 'Menu du profil',
    guest: 'Invité',
    profile: 'Profil',
    settings: 'Paramètres',
    logout: 'Se déconnecter',
  },
  notifications: {
    bell: 'Notifications',
    bellUnread: 'Notifications, {{count}} nouvelles',
    title: 'Notifications',
    clearAll: 'Tout effacer',
    delete: 'Supprimer la notification',
    empty: 'Aucune nouvelle notification',
  },
  breadcrumb: {
    label: "Fil d'Ariane",
    home: 'Accueil',
    titles: {
      dashboard: 'Tableau de bord',
      providers: 'Prestataires de services',
      appointments: 'Rendez-vous',
      settings: 'Paramètres',
      profile: 'Profil',
      providerstablelist: 'Gérer les prestataires',
      'provider-dashboard': 'Tableau de bord du prestataire',
      'appointments/reschedule': 'Déplacer',
      'appointments/list': 'Liste',
      'appointments/book': 'Réserver',
      'scheduling/templates': 'Modèles de planning',
      'scheduling/manage': 'Gestion du planning',
      'integrations/api-keys': 'Clés API',
      'integrations/apps': 'Applications connectées',
      'integrations/webhooks': 'Webhooks',
      'integrations/settings': "Paramètres d'intégration",
      services: 'Services',
      staffs: 'Personnel',
      scheduling: 'Planning',
      integrations: 'Intégrations',
      history: 'Historique',
    },
  },
  chat: {
    title: 'Support par chat',
    open: 'Ouvrir le support par chat',
    close: 'Fermer le support par chat',
    placeholder: 'Écrivez un message...',
    input: 'Message',
    send: 'Envoyer le message',
    greeting: "Bonjour ! Comment puis-je vous aider aujourd'hui ?",
    autoReply: 'Merci pour votre message. Un agent va vous répondre sous peu.',
    typing: 'Le support écrit...',
    you: 'Vous',
    support: 'Support',
    status: { sent: 'Envoyé', delivered: 'Distribué', read: 'Lu' },
  },
  dashboard: {
    welcome: 'Bon retour, {{name}}',
    scheduled: 'Planifiés',
    pending: 'En attente',
    completed: 'Terminés',
    cancelled: 'Annulés',
    total: 'Total des rendez-vous',
    counts: 'Nombre de rendez-vous',
    loading: 'Chargement...',
  },
  auth: {
    signIn: 'Se connecter',
    signingIn: 'Connexion...',
    email: 'E-mail',
    password: 'Mot de passe',
    noAccount: "Vous n'avez pas de compte ?",
    register: "S'inscrire",
    registering: 'Inscription...',
    createAccount: 'Créer un compte',
    chooseType: 'Comment souhaitez-vous utiliser Appointment ?',
    registerAsUser: "S'inscrire en tant qu'utilisateur",
    registerAsUserText: 'Prenez rendez-vous et gérez votre agenda',
    registerAsProvider: "S'inscrire en tant que prestataire",
    registerAsProviderText: 'Proposez des services et gérez les réservations',
    userForm: 'Inscription utilisateur',
    providerForm: 'Inscription prestataire',
    back: 'Retour',
    haveAccount: 'Vous avez déjà un compte ?',
    signInLink: 'Se connecter',
    name: 'Nom',
    phone: 'Téléphone',
    confirmPassword: 'Confirmer le mot de passe',
    businessName: "Nom de l'entreprise",
    industry: 'Secteur',
    selectIndustry: 'Choisissez un secteur',
    address: 'Adresse',
    industries: { Healthcare: 'Santé', Fitness: 'Fitness', Office: 'Bureau', Other: 'Autre' },
    successTitle: 'Inscription réussie !',
    successProvider:
      'Votre demande de prestataire a été envoyée. Notre équipe l’examinera sous {{hours}} heures.',
    successUser: 'Votre compte a été créé. Veuillez vérifier votre adresse e-mail pour l’activer.',
    emailSentTo: 'Un e-mail de confirmation a été envoyé à',
    proceedToLogin: 'Aller à la connexion',
    forgotPassword: 'Mot de passe oublié ?',
    forgotTitle: 'Réinitialisez votre mot de passe',
    forgotLead:
      "Saisissez l'adresse e-mail de votre compte : nous y enverrons un lien pour choisir un nouveau mot de passe.",
    sendLink: 'Envoyer le lien',
    sendingLink: 'Envoi...',
    backToSignIn: 'Retour à la connexion',
    resetTitle: 'Choisissez un nouveau mot de passe',
    newPassword: 'Nouveau mot de passe',
    confirmNewPassword: 'Confirmer le nouveau mot de passe',
    resetSubmit: 'Réinitialiser le mot de passe',
    resetting: 'Réinitialisation...',
    askNewLink: 'Demander un nouveau lien',
  },
};

export const LANGUAGE_STORAGE_KEY = 'language';
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const isLanguage = (value: unknown): value is Language =>
  (LANGUAGES as readonly unknown[]).includes(value);

export const readStoredLanguage = (): Language => {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    // Blocked storage: the default language still works.
    return DEFAULT_LANGUAGE;
  }
};

export const storeLanguage = (language: Language): void => {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Blocked storage only costs persistence across reloads.
  }
};

export const resources = { en: { translation: en }, es: { translation: es }, fr: { translation: fr } };

i18next.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

// Resources are bundled, so initialisation finishes before the first render.
void i18next.use(initReactI18next).init({
  resources,
  lng: readStoredLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  initAsync: false,
});

/**
 * Each feature (and shared ui piece) owns its namespace, a `{ en, es, fr }` catalogue beside its code;
 * app/translations.ts hands them all here once, before the first render (lib/ imports no feature).
 */
export type NamespaceTranslations = Readonly<Record<Language, object>>;

export const registerTranslations = (namespaces: Readonly<Record<string, NamespaceTranslations>>): void => {
  for (const [namespace, translations] of Object.entries(namespaces)) {
    for (const language of LANGUAGES) {
      i18next.addResourceBundle(language, namespace, translations[language], true, true);
    }
  }
};

export { i18next };
