import { Title } from './placeholder-page.styles';

interface PlaceholderPageProps {
  title: string;
  /** Screens under the auth layout sit below its "Appointment" heading, so they use h2. */
  level?: 'h1' | 'h2';
}

/** Stands in for a screen that is not built yet; it shows the screen's title. */
export function PlaceholderPage({ title, level = 'h1' }: PlaceholderPageProps) {
  return (
    <section aria-labelledby="page-title">
      <Title as={level} id="page-title">
        {title}
      </Title>
    </section>
  );
}
