import { templateFor } from './response-templates';

describe('response templates', () => {
  it.each([
    ['Hello there', 'greeting'],
    ['hola', 'greeting'],
    ['Bonjour !', 'greeting'],
    ['Can I book a massage tomorrow?', 'booking'],
    ['Hi, I need an appointment', 'booking'],
    ['quiero una cita', 'booking'],
    ['Thanks, bye', 'farewell'],
    ['merci beaucoup', 'farewell'],
  ])('answers %j with the %s template', (message, template) => expect(templateFor(message)).toBe(template));

  it.each(['What are your opening hours?', 'highlight the bookshelf', 'this is unbookable'])(
    'leaves %j to the model or an agent',
    (message) => expect(templateFor(message)).toBeUndefined(),
  );
});
