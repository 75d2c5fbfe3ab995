import { useTranslation } from 'react-i18next';

/**
 * An industry's name in the chosen language (issue 32): the four of the spec are translated in the
 * shell's catalogue (`auth.industries`, which registration lists too); any other is shown as it is
 * named.
 */
export const useIndustryName = (): ((industry: string) => string) => {
  const { t } = useTranslation();
  return (industry: string) => t(`auth.industries.${industry}`, { defaultValue: industry });
};
