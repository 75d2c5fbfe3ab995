/**
 * Labels of the Services screen (docs/product.md §2.8 Services management) and its forms. The error texts come
 * from MESSAGES; these are the English catalogue of the `services` namespace (es and fr in
 * services.i18n.ts).
 */
export const SERVICES_TEXTS = {
  title: 'Services',
  addService: 'Add Service',
  loading: 'Loading services...',
  tryAgain: 'Try again',
  card: {
    duration: 'Duration',
    minutes_one: '{{count}} minute',
    minutes_other: '{{count}} minutes',
    price: 'Price',
    paymentRequired: 'Payment required',
    free: 'Free',
    automaticBooking: 'Automatic booking',
    manualBooking: 'Manual booking',
    edit: 'Edit',
    editNamed: 'Edit {{name}}',
    delete: 'Delete',
    deleteNamed: 'Delete {{name}}',
  },
  form: {
    addTitle: 'Add Service',
    editTitle: 'Edit Service',
    newService: 'New service',
    editService: 'Edit service',
    name: 'Service Name',
    description: 'Description (optional)',
    duration: 'Duration (minutes)',
    price: 'Price',
    priceIn: 'Price ({{symbol}})',
    paymentNeeded: 'Payment needed',
    paymentNeededHint: 'Set automatically: ticked when the price is above 0.',
    automaticBooking: 'Automatic booking',
    cancel: 'Cancel',
    saving: 'Saving...',
    saveChanges: 'Save Changes',
    add: 'Add Service',
  },
  delete: {
    title: 'Delete Service',
    question: 'Are you sure you want to delete the service "{{name}}"? This action cannot be undone.',
    cancel: 'Cancel',
    deleting: 'Deleting...',
    delete: 'Delete',
  },
  currency: {
    pricesIn: 'Prices are in {{currency}} ({{symbol}}).',
    label: 'Currency',
    saving: 'Saving...',
    save: 'Save currency',
    hint: 'Every price of this provider is shown and charged in it.',
  },
} as const;
